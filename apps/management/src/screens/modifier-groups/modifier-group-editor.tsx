import { MODIFIER_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import { useNormalisedForm } from '@brigade/ui/app-kit/use-zod-form';
import { useMemo } from 'react';
import {
  type ModifierGroupRecord,
  modifierGroupEndpoints,
  useCatalogueMutations,
  useItems,
} from '../../catalogue-kit/catalogue-api';
import { RecordPage, RecordRoute } from '../../catalogue-kit/record-page';
import { DeleteRecordDialog, useRecordWrites } from '../../catalogue-kit/record-writes';
import { useCan } from '../../restaurant-context';
import {
  MODIFIER_GROUP_FORM_FIELDS,
  type ModifierGroupFormValues,
  modifierGroupBody,
  modifierGroupFormSchema,
  modifierGroupFormValues,
} from './modifier-group-form';
import {
  ModifierGroupChannelsSection,
  ModifierGroupDetailsSection,
  ModifierGroupPricingSection,
  ModifierGroupSelectionSection,
  ModifiersSection,
} from './modifier-group-sections';

/** /modifier-groups/new and /modifier-groups/:modifierGroupId. */
export function ModifierGroupEditor({ modifierGroupId }: { modifierGroupId: number | null }) {
  return (
    <RecordRoute<ModifierGroupRecord>
      kind={MODIFIER_GROUP_KIND}
      id={modifierGroupId}
      title="Modifier group"
      back={{ to: '/modifier-groups', label: 'Modifier groups' }}
      label="the modifier group"
      form={(group) => <ModifierGroupForm group={group} />}
    />
  );
}

/** The items that offer a modifier group (deleting the group takes it off them). */
function useItemsWithGroup(group: ModifierGroupRecord | null) {
  const items = useItems();
  return useMemo(
    () =>
      group
        ? (items.data ?? []).filter((i) =>
            i.modifierGroups.some((r) => r.modifierGroupId === group.modifierGroupId),
          )
        : [],
    [items.data, group],
  );
}

function ModifierGroupForm({ group }: { group: ModifierGroupRecord | null }) {
  const canSave = useCan(group ? modifierGroupEndpoints.update : modifierGroupEndpoints.create);
  const canDelete = useCan(modifierGroupEndpoints.delete) && group !== null;
  const { create, update, remove } = useCatalogueMutations<ModifierGroupRecord>(MODIFIER_GROUP_KIND);
  const usedBy = useItemsWithGroup(group);
  const form = useNormalisedForm<ModifierGroupFormValues>(
    modifierGroupFormSchema,
    modifierGroupFormValues(group),
  );
  const { formError, save, deletion } = useRecordWrites({
    record: group,
    idOf: (record) => record.modifierGroupId,
    listPath: '/modifier-groups',
    body: modifierGroupBody,
    mutations: { create, update, remove },
    setError: form.setError,
    reset: (values) => form.reset(values),
    fields: MODIFIER_GROUP_FORM_FIELDS,
    deleteFailure: 'Could not delete the modifier group',
  });

  return (
    <RecordPage
      name={group?.name ?? null}
      noun="modifier group"
      plural="modifier groups"
      listPath="/modifier-groups"
      listLabel="Modifier groups"
      description={
        group
          ? usedBy.length > 0
            ? `Used by ${usedBy.map((i) => i.name).join(', ')}`
            : 'Not used by any item yet'
          : 'A set of choices offered with items.'
      }
      onDelete={canDelete && deletion.ask}
      form={form}
      onSubmit={save}
      formError={formError}
      canSave={canSave}
      dialogs={
        <DeleteRecordDialog
          name={group?.name}
          usedBy={usedBy.map((i) => i.name)}
          usersOne="the item that uses it"
          usersMany={(count) => `the ${count} items that use it`}
          pending={remove.isPending}
          dialogProps={deletion.dialogProps}
        />
      }
    >
      <ModifierGroupDetailsSection />
      <ModifierGroupPricingSection />
      <ModifierGroupSelectionSection />
      <ModifiersSection canSave={canSave} />
      <ModifierGroupChannelsSection />
    </RecordPage>
  );
}
