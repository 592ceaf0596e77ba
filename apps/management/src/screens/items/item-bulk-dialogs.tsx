import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { type ReactNode, useId, useState } from 'react';
import { type ItemRecord, useTags, useTaxRates } from '../../catalogue-kit/catalogue-api';
import { CHANNEL_FIELDS } from '../../catalogue-kit/channels-section';
import type { ItemBulkChange } from './item-bulk-api';

export type BulkDialogKind = 'price' | 'tax' | 'tags' | 'channels';

interface BulkDialogProps {
  kind: BulkDialogKind;
  selected: readonly ItemRecord[];
  onClose: () => void;
  /** Sends the change for these ids; `done` is the toast on success. Throws the server's problem. */
  onApply: (itemIds: number[], change: ItemBulkChange, done: string) => Promise<void>;
}

/** What a dialog's body gives back: the change and the ids it is for, or null while nothing is chosen. */
type Pending = { itemIds: number[]; change: ItemBulkChange; done: string } | null;

const TITLES: Record<BulkDialogKind, string> = {
  price: 'Set price',
  tax: 'Set tax rates',
  tags: 'Add or remove tags',
  channels: 'Channels',
};

/** One bulk change in a dialog: the fields of its kind, then "Apply to N items". */
export function BulkDialog({ kind, selected, onClose, onApply }: BulkDialogProps) {
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await onApply(pending.itemIds, pending.change, pending.done);
    } catch (caught) {
      setError(errorMessageOf(caught, 'Could not change the items'));
      setBusy(false);
    }
  };
  const count = pending?.itemIds.length ?? 0;
  const Body = BODIES[kind];
  return (
    <Dialog
      open
      onClose={onClose}
      title={TITLES[kind]}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!pending} loading={busy} loadingText="Applying...">
            {`Apply to ${count} ${count === 1 ? 'item' : 'items'}`}
          </Button>
        </>
      }
    >
      <div className="cat-form">
        {error && <Alert title="Nothing was changed">{error}</Alert>}
        <Body selected={selected} onChange={setPending} />
      </div>
    </Dialog>
  );
}

type BodyProps = { selected: readonly ItemRecord[]; onChange: (pending: Pending) => void };

const ids = (items: readonly ItemRecord[]) => items.map((item) => item.itemId);
const plural = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * A price for many items applies to those with one base price. Items priced by size or by open price keep
 * their prices (the server refuses a base price for them): the dialog says so and leaves them out.
 */
function PriceBody({ selected, onChange }: BodyProps) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const based = selected.filter((item) => item.pricingStrategy === 'base');
  const others = selected.length - based.length;
  const price = value.trim() === '' ? Number.NaN : Number(value);
  const invalid = value.trim() !== '' && (!Number.isFinite(price) || price < 0);
  const update = (next: string) => {
    setValue(next);
    const amount = next.trim() === '' ? Number.NaN : Number(next);
    const ok = Number.isFinite(amount) && amount >= 0 && based.length > 0;
    onChange(
      ok
        ? {
            itemIds: ids(based),
            change: { basePrice: amount },
            done: `Price set for ${plural(based.length)}`,
          }
        : null,
    );
  };
  return (
    <>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={inputId}>
          Base price
        </label>
        <input
          id={inputId}
          className="ui-field__input"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(event) => update(event.target.value)}
          data-autofocus
        />
        {invalid && <p className="ui-field__error">Base price cannot be negative</p>}
      </div>
      {others > 0 && (
        <Alert
          tone="info"
          title={`${plural(others)} ${others === 1 ? 'keeps its price' : 'keep their prices'}`}
        >
          {`They are priced by size or by open price: set their prices in each item. The price applies to the ${plural(based.length)} with one base price.`}
        </Alert>
      )}
    </>
  );
}

/** The tax rates of every selected item become the ticked ones (starting from those all of them share). */
function TaxBody({ selected, onChange }: BodyProps) {
  const taxRates = useTaxRates();
  const [chosen, setChosen] = useState<number[]>(() =>
    (selected[0]?.taxRateIds ?? []).filter((id) => selected.every((item) => item.taxRateIds.includes(id))),
  );
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((other) => other !== id);
    setChosen(next);
    onChange({
      itemIds: ids(selected),
      change: { taxRateIds: next },
      done: `Tax rates set for ${plural(selected.length)}`,
    });
  };
  return (
    <Choices
      title="Tax rates"
      note="These replace the tax rates of every selected item."
      loading={taxRates.isPending}
    >
      {(taxRates.data ?? []).length === 0 && <p className="ui-muted ui-small">No tax rates yet.</p>}
      {(taxRates.data ?? []).map((rate) => (
        <label key={rate.taxRateId} className="ui-checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(rate.taxRateId)}
            onChange={(event) => toggle(rate.taxRateId, event.target.checked)}
          />
          <span>{rate.name}</span>
        </label>
      ))}
    </Choices>
  );
}

/** Per tag: leave as is, add to every selected item, or remove from them. */
function TagsBody({ selected, onChange }: BodyProps) {
  const tags = useTags();
  const [actions, setActions] = useState<Record<number, 'add' | 'remove'>>({});
  const update = (tagId: number, action: string) => {
    const next = { ...actions };
    if (action === 'add' || action === 'remove') next[tagId] = action;
    else delete next[tagId];
    setActions(next);
    const of = (wanted: string) =>
      Object.keys(next)
        .map(Number)
        .filter((id) => next[id] === wanted);
    const change = { addTagIds: of('add'), removeTagIds: of('remove') };
    const any = change.addTagIds.length + change.removeTagIds.length > 0;
    onChange(
      any ? { itemIds: ids(selected), change, done: `Tags changed for ${plural(selected.length)}` } : null,
    );
  };
  return (
    <Choices title="Tags" note="Other tags of the items stay as they are." loading={tags.isPending}>
      {(tags.data ?? []).length === 0 && <p className="ui-muted ui-small">No tags yet.</p>}
      {(tags.data ?? []).map((tag) => (
        <ChoiceSelect
          key={tag.tagId}
          label={tag.name}
          value={actions[tag.tagId] ?? ''}
          options={[
            ['', 'Leave as is'],
            ['add', 'Add'],
            ['remove', 'Remove'],
          ]}
          onChange={(value) => update(tag.tagId, value)}
        />
      ))}
    </Choices>
  );
}

/** Per sales channel (the item's channel flags): leave as is, on or off. */
function ChannelsBody({ selected, onChange }: BodyProps) {
  const [flags, setFlags] = useState<Partial<Record<(typeof CHANNEL_FIELDS)[number][0], boolean>>>({});
  const update = (field: (typeof CHANNEL_FIELDS)[number][0], value: string) => {
    const next = { ...flags };
    if (value === '') delete next[field];
    else next[field] = value === 'on';
    setFlags(next);
    const any = Object.keys(next).length > 0;
    onChange(
      any
        ? { itemIds: ids(selected), change: next, done: `Channels changed for ${plural(selected.length)}` }
        : null,
    );
  };
  const shown = (field: (typeof CHANNEL_FIELDS)[number][0]) =>
    flags[field] === undefined ? '' : flags[field] ? 'on' : 'off';
  return (
    <Choices title="Sold on" note="Where the selected items are offered.">
      {CHANNEL_FIELDS.map(([field, label]) => (
        <ChoiceSelect
          key={field}
          label={label}
          value={shown(field)}
          options={[
            ['', 'Leave as is'],
            ['on', 'On'],
            ['off', 'Off'],
          ]}
          onChange={(value) => update(field, value)}
        />
      ))}
    </Choices>
  );
}

const BODIES: Record<BulkDialogKind, (props: BodyProps) => ReactNode> = {
  price: PriceBody,
  tax: TaxBody,
  tags: TagsBody,
  channels: ChannelsBody,
};

function Choices({
  title,
  note,
  loading,
  children,
}: {
  title: string;
  note: string;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="cat-bulk-choices">
      <legend className="cat-section__title">{title}</legend>
      <p className="ui-muted ui-small">{note}</p>
      {loading ? <p role="status">Loading...</p> : children}
    </fieldset>
  );
}

function ChoiceSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="cat-bulk-choice">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="ui-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
