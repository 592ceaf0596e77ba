import { MODIFIER_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import {
  MODIFIER_PRICING_STRATEGIES,
  SELECTION_REQUIREMENTS,
} from '@brigade/domain/catalogue/modifier-group';
import { Button } from '@brigade/ui/components/button';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { TextField } from '@brigade/ui/components/text-field';
import { useId, useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { optionalNumber } from '../../components/form-values';
import { zodFormResolver } from '../../components/use-zod-form';
import { useCan } from '../../restaurant-context';
import { ITEM_CHANNEL_FIELDS } from '../items/item-form';
import {
  type ModifierGroupRecord,
  modifierGroupEndpoints,
  useCatalogueMutations,
  useItems,
} from '../menus/catalogue-api';
import {
  DeleteRecordDialog,
  RecordPage,
  RecordRoute,
  RowActions,
  useRecordWrites,
} from '../menus/record-editor';
import { FieldShell, Section } from '../menus/ui';
import {
  MODIFIER_GROUP_FORM_FIELDS,
  type ModifierGroupFormValues,
  modifierGroupBody,
  modifierGroupFormSchema,
  modifierGroupFormValues,
} from './modifier-group-form';

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

function ModifierGroupForm({ group }: { group: ModifierGroupRecord | null }) {
  const canSave = useCan(group ? modifierGroupEndpoints.update : modifierGroupEndpoints.create);
  const canDelete = useCan(modifierGroupEndpoints.delete) && group !== null;
  const { create, update, remove } = useCatalogueMutations<ModifierGroupRecord>(MODIFIER_GROUP_KIND);
  const items = useItems();
  const ids = { pricing: useId(), requirement: useId() };

  const {
    register,
    handleSubmit,
    watch,
    setError,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ModifierGroupFormValues>({
    resolver: zodFormResolver<ModifierGroupFormValues>(modifierGroupFormSchema),
    defaultValues: modifierGroupFormValues(group),
  });
  const modifiers = useFieldArray({ control, name: 'modifiers', keyName: 'key' });
  const pricing = watch('pricingStrategy');

  const usedBy = useMemo(
    () =>
      group
        ? (items.data ?? []).filter((i) =>
            i.modifierGroups.some((r) => r.modifierGroupId === group.modifierGroupId),
          )
        : [],
    [items.data, group],
  );

  const { formError, save, deletion } = useRecordWrites({
    record: group,
    idOf: (record) => record.modifierGroupId,
    listPath: '/modifier-groups',
    body: modifierGroupBody,
    mutations: { create, update, remove },
    setError,
    fields: MODIFIER_GROUP_FORM_FIELDS,
    deleteFailure: 'Could not delete the modifier group',
  });
  const submit = handleSubmit(save);

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
      onSubmit={submit}
      formError={formError}
      canSave={canSave}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
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
      <Section title="Details">
        <div className="cat-grid-2">
          <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextField
            label="POS name"
            autoComplete="off"
            error={errors.posName?.message}
            {...register('posName')}
          />
        </div>
        <div className="cat-grid-2">
          <TextField label="Number" autoComplete="off" {...register('number')} />
          <TextField
            label="Button colour"
            autoComplete="off"
            placeholder="#c2410c"
            {...register('buttonColor')}
          />
        </div>
        <Checkbox label="Active" {...register('isActive')} />
      </Section>

      <Section title="Pricing">
        <div className="cat-grid-2">
          <FieldShell id={ids.pricing} label="Pricing strategy" error={errors.pricingStrategy?.message}>
            <select id={ids.pricing} className="ui-field__input" {...register('pricingStrategy')}>
              {MODIFIER_PRICING_STRATEGIES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </FieldShell>
          {pricing === 'Group' && (
            <TextField
              label="Group price"
              inputMode="decimal"
              error={errors.groupPrice?.message}
              {...register('groupPrice', { setValueAs: optionalNumber })}
            />
          )}
        </div>
        <p className="ui-muted ui-small">
          {pricing === 'Individual'
            ? 'Each modifier is charged at its own price.'
            : pricing === 'Group'
              ? 'One price for the group, whatever is chosen.'
              : 'The choices are free.'}
        </p>
      </Section>

      <Section title="Selection">
        <div className="cat-grid-3">
          <FieldShell id={ids.requirement} label="Selection" error={errors.selectionRequirement?.message}>
            <select id={ids.requirement} className="ui-field__input" {...register('selectionRequirement')}>
              {SELECTION_REQUIREMENTS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </FieldShell>
          <TextField
            label="Minimum selection"
            inputMode="numeric"
            error={errors.minSelection?.message}
            {...register('minSelection', { setValueAs: optionalNumber })}
          />
          <TextField
            label="Maximum selection"
            inputMode="numeric"
            hint="Empty: no upper limit"
            error={errors.maxSelection?.message}
            {...register('maxSelection', { setValueAs: optionalNumber })}
          />
        </div>
        <div className="cat-checks">
          <Checkbox label="Allow several choices" {...register('allowMultipleSelection')} />
          <Checkbox label="Allow the same choice twice" {...register('allowDuplicateSelection')} />
          <Checkbox label="Prompt on the POS" {...register('includePosPrompt')} />
        </div>
      </Section>

      <Section title="Modifiers">
        {modifiers.fields.length === 0 ? (
          <p className="ui-muted ui-small">No modifiers yet.</p>
        ) : (
          <ol className="cat-editable-list" aria-label="Modifiers">
            {modifiers.fields.map((field, index) => (
              <li key={field.key} className="cat-editable-row cat-editable-row--modifier">
                <TextField
                  label={`Modifier ${index + 1} name`}
                  autoComplete="off"
                  error={errors.modifiers?.[index]?.name?.message}
                  {...register(`modifiers.${index}.name`)}
                />
                <TextField
                  label={`Modifier ${index + 1} price`}
                  inputMode="decimal"
                  error={errors.modifiers?.[index]?.price?.message}
                  {...register(`modifiers.${index}.price`, { setValueAs: optionalNumber })}
                />
                <TextField
                  label={`Modifier ${index + 1} calories`}
                  inputMode="numeric"
                  error={errors.modifiers?.[index]?.calories?.message}
                  {...register(`modifiers.${index}.calories`, { setValueAs: optionalNumber })}
                />
                {canSave && (
                  <RowActions
                    name={`modifier ${index + 1}`}
                    index={index}
                    count={modifiers.fields.length}
                    onMove={modifiers.move}
                    onRemove={modifiers.remove}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
        {canSave && (
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => modifiers.append({ name: '', price: undefined })}
            >
              Add modifier
            </Button>
          </div>
        )}
      </Section>

      <Section
        title="Channels"
        description="A modifier group is offered on no channel until one is turned on."
      >
        <div className="cat-checks">
          {ITEM_CHANNEL_FIELDS.map(([field, label]) => (
            <Checkbox key={field} label={label} {...register(field)} />
          ))}
        </div>
      </Section>
    </RecordPage>
  );
}
