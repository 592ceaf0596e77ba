import {
  MODIFIER_PRICING_STRATEGIES,
  SELECTION_REQUIREMENTS,
} from '@brigade/domain/catalogue/modifier-group';
import { CheckboxField, SelectField } from '@brigade/ui/app-kit/choice-fields';
import { useFieldValue } from '@brigade/ui/app-kit/form';
import { NumberField, TextField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { ChannelsSection } from '../../catalogue-kit/channels-section';
import { RowActions } from '../../catalogue-kit/record-page';
import { Section } from '../../catalogue-kit/ui';
import type { ModifierGroupFormValues } from './modifier-group-form';

/* The sections of the modifier-group editor's form, reading the form from context. */

const asOptions = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value }));

export function ModifierGroupDetailsSection() {
  return (
    <Section title="Details">
      <div className="cat-grid-2">
        <TextField name="name" label="Name" autoComplete="off" />
        <TextField name="posName" label="POS name" autoComplete="off" />
      </div>
      <div className="cat-grid-2">
        <TextField name="number" label="Number" autoComplete="off" />
        <TextField name="buttonColor" label="Button colour" autoComplete="off" placeholder="#c2410c" />
      </div>
      <CheckboxField name="isActive" label="Active" />
    </Section>
  );
}

export function ModifierGroupPricingSection() {
  const pricing = useFieldValue<ModifierGroupFormValues['pricingStrategy']>('pricingStrategy');
  return (
    <Section title="Pricing">
      <div className="cat-grid-2">
        <SelectField
          name="pricingStrategy"
          label="Pricing strategy"
          options={asOptions(MODIFIER_PRICING_STRATEGIES)}
        />
        {pricing === 'Group' && <NumberField name="groupPrice" label="Group price" />}
      </div>
      <p className="ui-muted ui-small">
        {pricing === 'Individual'
          ? 'Each modifier is charged at its own price.'
          : pricing === 'Group'
            ? 'One price for the group, whatever is chosen.'
            : 'The choices are free.'}
      </p>
    </Section>
  );
}

export function ModifierGroupSelectionSection() {
  return (
    <Section title="Selection">
      <div className="cat-grid-3">
        <SelectField
          name="selectionRequirement"
          label="Selection"
          options={asOptions(SELECTION_REQUIREMENTS)}
        />
        <NumberField name="minSelection" label="Minimum selection" />
        <NumberField name="maxSelection" label="Maximum selection" hint="Empty: no upper limit" />
      </div>
      <div className="cat-checks">
        <CheckboxField name="allowMultipleSelection" label="Allow several choices" />
        <CheckboxField name="allowDuplicateSelection" label="Allow the same choice twice" />
        <CheckboxField name="includePosPrompt" label="Prompt on the POS" />
      </div>
    </Section>
  );
}

/** The group's modifiers in order: name, price and calories each, moved and removed by row. */
export function ModifiersSection({ canSave }: { canSave: boolean }) {
  const { control } = useFormContext<ModifierGroupFormValues>();
  const modifiers = useFieldArray({ control, name: 'modifiers', keyName: 'key' });
  return (
    <Section title="Modifiers">
      {modifiers.fields.length === 0 ? (
        <p className="ui-muted ui-small">No modifiers yet.</p>
      ) : (
        <ol className="cat-editable-list" aria-label="Modifiers">
          {modifiers.fields.map((field, index) => (
            <li key={field.key} className="cat-editable-row cat-editable-row--modifier">
              <TextField
                name={`modifiers.${index}.name`}
                label={`Modifier ${index + 1} name`}
                autoComplete="off"
              />
              <NumberField name={`modifiers.${index}.price`} label={`Modifier ${index + 1} price`} />
              <NumberField name={`modifiers.${index}.calories`} label={`Modifier ${index + 1} calories`} />
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
  );
}

export const ModifierGroupChannelsSection = () => (
  <ChannelsSection
    title="Channels"
    description="A modifier group is offered on no channel until one is turned on."
  />
);
