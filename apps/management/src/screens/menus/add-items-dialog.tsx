import { Form, FormError } from '@brigade/ui/app-kit/form';
import { NumberField, TextField } from '@brigade/ui/app-kit/form-fields';
import { applyProblem } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useNormalisedForm } from '@brigade/ui/app-kit/use-zod-form';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type ItemRecord, itemEndpoints, useItems } from '../../catalogue-kit/catalogue-api';
import { useMoney } from '../../components/money';
import { useCan } from '../../restaurant-context';
import { useCreateItemInMenuGroups } from '../items/item-bulk-api';
import {
  type ItemFormValues,
  itemBody,
  itemFormSchema,
  itemFormValues,
  priceSummary,
} from '../items/item-form';

/**
 * Adds items to a menu group: existing ones (searchable checklist) or a new one created inline (name and
 * base price; the full editor is on the Items screen).
 */
export function AddItemsDialog({
  open,
  onClose,
  groupId,
  groupName,
  presentIds,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  groupId: number;
  groupName: string;
  presentIds: ReadonlySet<number>;
  /** Links the chosen item ids to the group. */
  onAdd: (itemIds: number[]) => Promise<void>;
}) {
  const canCreateItem = useCan(itemEndpoints.create);
  const toast = useToast();
  const [chosen, setChosen] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const addChosen = async () => {
    setAdding(true);
    setError(null);
    try {
      await onAdd(chosen);
      setChosen([]);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not add the items');
    } finally {
      setAdding(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Add items to ${groupName}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => void addChosen()}
            disabled={chosen.length === 0}
            loading={adding}
            loadingText="Adding..."
          >
            {chosen.length > 1 ? `Add ${chosen.length} items` : 'Add selected item'}
          </Button>
        </>
      }
    >
      <div className="cat-form">
        {error && <Alert title="Could not add">{error}</Alert>}
        <ExistingItems presentIds={presentIds} chosen={chosen} onChoose={setChosen} />
        {canCreateItem && (
          <NewItemForm
            groupId={groupId}
            onCreated={(item) => {
              toast.success(`${item.name} created in ${groupName}`);
              onClose();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}

/** The items not in the group yet, by name, with a search box; `chosen` are the ticked ones. */
function ExistingItems({
  presentIds,
  chosen,
  onChoose,
}: {
  presentIds: ReadonlySet<number>;
  chosen: number[];
  onChoose: (update: (chosen: number[]) => number[]) => void;
}) {
  const items = useItems();
  const money = useMoney();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const available = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (items.data ?? [])
      .filter((item) => !presentIds.has(item.itemId))
      .filter(
        (item) =>
          !needle || `${item.name} ${item.posName ?? ''} ${item.plu ?? ''}`.toLowerCase().includes(needle),
      )
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [items.data, presentIds, search]);

  return (
    <section className="cat-section" aria-labelledby={`${searchId}-existing`}>
      <h3 id={`${searchId}-existing`} className="cat-section__title">
        Existing items
      </h3>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={searchId}>
          Search items
        </label>
        <input
          id={searchId}
          type="search"
          className="ui-field__input"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-autofocus
        />
      </div>
      {items.isPending ? (
        <p role="status">Loading items...</p>
      ) : available.length === 0 ? (
        <p className="ui-muted ui-small">
          {search.trim() ? `No items match “${search.trim()}”.` : 'Every item is already in this group.'}
        </p>
      ) : (
        <ul className="cat-pick-list" aria-label="Items to add">
          {available.map((item) => (
            <li key={item.itemId}>
              <label className="ui-checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(item.itemId)}
                  onChange={(event) =>
                    onChoose((list) =>
                      event.target.checked ? [...list, item.itemId] : list.filter((id) => id !== item.itemId),
                    )
                  }
                />
                <span>{item.name}</span>
              </label>
              <span className="ui-muted ui-small">{priceSummary(item, money)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A new item with a base price, created into the group in one write (both or neither). */
function NewItemForm({ groupId, onCreated }: { groupId: number; onCreated: (item: ItemRecord) => void }) {
  const create = useCreateItemInMenuGroups();
  const [formError, setFormError] = useState<string | null>(null);
  const headingId = useId();
  const form = useNormalisedForm<ItemFormValues>(itemFormSchema, itemFormValues());
  const submit = async (values: ItemFormValues) => {
    setFormError(null);
    try {
      const item = await create.mutateAsync({ item: itemBody(null, values), menuGroupIds: [groupId] });
      form.reset(itemFormValues());
      onCreated(item);
    } catch (error) {
      setFormError(applyProblem(error, form.setError, ['name', 'basePrice']));
    }
  };
  return (
    <section className="cat-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="cat-section__title">
        Create a new item
      </h3>
      <FormError title="Could not create the item" message={formError} />
      {/* Not a nested <form>: the dialog's content is not inside one, so this is its own form. */}
      <Form form={form} onSubmit={submit} fieldsetClassName="cat-inline-form" labelledBy={headingId}>
        <TextField name="name" label="New item name" autoComplete="off" />
        <NumberField name="basePrice" label="Base price" />
        <Button
          type="submit"
          variant="secondary"
          loading={form.formState.isSubmitting}
          loadingText="Creating..."
        >
          Create and add
        </Button>
      </Form>
      <p className="ui-muted ui-small">
        Sizes, modifiers, taxes and more are set in the{' '}
        <Link to={`/items/new?menuGroupId=${groupId}`}>full item editor</Link>, which adds the item to this
        group too.
      </p>
    </section>
  );
}
