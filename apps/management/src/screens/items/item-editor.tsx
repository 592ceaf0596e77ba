import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { useNormalisedForm } from '@brigade/ui/app-kit/use-zod-form';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  type ItemRecord,
  itemEndpoints,
  useCatalogueMutations,
  useMenuGroups,
  useTaxRates,
} from '../../catalogue-kit/catalogue-api';
import { RecordPage, RecordRoute } from '../../catalogue-kit/record-page';
import { DeleteRecordDialog, useRecordWrites } from '../../catalogue-kit/record-writes';
import { useCan } from '../../restaurant-context';
import { defaultTaxRates } from '../restaurant/tax-and-currency';
import { useCreateItemInMenuGroups } from './item-bulk-api';
import { ITEM_FORM_FIELDS, type ItemFormValues, itemBody, itemFormSchema, itemFormValues } from './item-form';
import { ItemMenuGroupsSection } from './item-menu-groups';
import { ItemModifierGroupsSection } from './item-modifier-groups';
import {
  ItemChannelsSection,
  ItemDetailsSection,
  ItemKitchenSection,
  ItemPointOfSaleSection,
  ItemPricingSection,
  ItemTaxesSection,
} from './item-sections';

/** /items/new and /items/:itemId. */
export function ItemEditor({ itemId }: { itemId: number | null }) {
  return (
    <RecordRoute<ItemRecord>
      kind={ITEM_KIND}
      id={itemId}
      title="Item"
      back={{ to: '/items', label: 'Items' }}
      label="the item"
      form={(item) => <ItemForm item={item} />}
    />
  );
}

/** The menu groups an item is in (deleting the item takes it out of them). */
function useGroupsWithItem(item: ItemRecord | null) {
  const menuGroups = useMenuGroups();
  return useMemo(
    () => (item ? (menuGroups.data ?? []).filter((g) => g.items.some((r) => r.itemId === item.itemId)) : []),
    [menuGroups.data, item],
  );
}

/**
 * A new item starts with the restaurant's default tax rates (the Tax rates screen's "default" ones), as
 * its starting value: an untouched new item is not "unsaved" because of them.
 */
function useDefaultTaxRates(form: UseFormReturn<ItemFormValues>, isNew: boolean) {
  const taxRates = useTaxRates();
  const applied = useRef(false);
  useEffect(() => {
    if (!isNew || applied.current || !taxRates.data) return;
    applied.current = true;
    if (form.getFieldState('taxRateIds').isDirty) return;
    form.resetField('taxRateIds', {
      defaultValue: defaultTaxRates(taxRates.data).map((rate) => rate.taxRateId),
    });
  }, [isNew, taxRates.data, form]);
}

/** The groups a new item goes into: ?menuGroupId= (the menu builder's "full editor" link) ticks one. */
function usePreselectedGroups() {
  const [search] = useSearchParams();
  return useState<number[]>(() => {
    const id = Number(search.get('menuGroupId'));
    return Number.isInteger(id) && id > 0 ? [id] : [];
  });
}

function ItemForm({ item }: { item: ItemRecord | null }) {
  const canSave = useCan(item ? itemEndpoints.update : itemEndpoints.create);
  const canDelete = useCan(itemEndpoints.delete) && item !== null;
  const { update, remove } = useCatalogueMutations<ItemRecord>(ITEM_KIND);
  const [menuGroupIds, setMenuGroupIds] = usePreselectedGroups();
  const createInGroups = useCreateItemInMenuGroups();
  // A new item and its places in menu groups are one write (all or nothing).
  const create = {
    mutateAsync: (body: Record<string, unknown>) => createInGroups.mutateAsync({ item: body, menuGroupIds }),
  };
  const usedIn = useGroupsWithItem(item);
  const form = useNormalisedForm<ItemFormValues>(itemFormSchema, itemFormValues(item));
  useDefaultTaxRates(form, item === null);
  const { formError, save, deletion } = useRecordWrites({
    record: item,
    idOf: (record) => record.itemId,
    listPath: '/items',
    body: itemBody,
    mutations: { create, update, remove },
    setError: form.setError,
    reset: (values) => form.reset(values),
    fields: ITEM_FORM_FIELDS,
    deleteFailure: 'Could not delete the item',
  });

  return (
    <RecordPage
      name={item?.name ?? null}
      noun="item"
      plural="items"
      listPath="/items"
      listLabel="Items"
      description={
        item
          ? usedIn.length > 0
            ? `In ${usedIn.map((g) => g.name).join(', ')}`
            : 'Not in any menu group yet'
          : 'Name, price and where it is sold.'
      }
      onDelete={canDelete && deletion.ask}
      form={form}
      onSubmit={save}
      formError={formError}
      canSave={canSave}
      dialogs={
        <DeleteRecordDialog
          name={item?.name}
          usedBy={usedIn.map((g) => g.name)}
          usersOne="the menu group that uses it"
          usersMany={(count) => `the ${count} menu groups that use it`}
          pending={remove.isPending}
          dialogProps={deletion.dialogProps}
        />
      }
    >
      <ItemDetailsSection itemId={item?.itemId ?? null} itemName={item?.name ?? ''} canSave={canSave} />
      <ItemPricingSection canSave={canSave} />
      <ItemModifierGroupsSection canSave={canSave} />
      <ItemTaxesSection />
      <ItemKitchenSection />
      <ItemPointOfSaleSection />
      <ItemChannelsSection />
      {item === null && <ItemMenuGroupsSection selected={menuGroupIds} onChange={setMenuGroupIds} />}
    </RecordPage>
  );
}
