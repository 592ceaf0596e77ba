import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { NumberField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { useId, useMemo, useState } from 'react';
import { type UseFieldArrayReturn, useFieldArray, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { type ModifierGroupRecord, useModifierGroups } from '../../catalogue-kit/catalogue-api';
import { RowActions } from '../../catalogue-kit/record-page';
import { Section } from '../../catalogue-kit/ui';
import { selectionSummary } from '../modifier-groups/modifier-group-form';
import type { ItemFormValues } from './item-form';

type GroupRefs = UseFieldArrayReturn<ItemFormValues, 'modifierGroups', 'key'>;

/**
 * The modifier groups offered with an item, in order, each with its own required flag and selection bounds
 * (item.modifierGroups), and "Add a modifier group".
 */
export function ItemModifierGroupsSection({ canSave }: { canSave: boolean }) {
  const { control } = useFormContext<ItemFormValues>();
  const groupRefs = useFieldArray({ control, name: 'modifierGroups', keyName: 'key' });
  const modifierGroups = useModifierGroups();
  const groupsById = useMemo(
    () => new Map((modifierGroups.data ?? []).map((g) => [g.modifierGroupId, g])),
    [modifierGroups.data],
  );
  const availableGroups = (modifierGroups.data ?? []).filter(
    (g) => !groupRefs.fields.some((ref) => ref.modifierGroupId === g.modifierGroupId),
  );
  return (
    <Section
      title="Modifier groups"
      description={
        <>
          Choices offered with this item (toppings, sides). Manage them under{' '}
          <Link to="/modifier-groups">Modifier groups</Link>.
        </>
      }
    >
      {groupRefs.fields.length === 0 ? (
        <p className="ui-muted ui-small">No modifier groups.</p>
      ) : (
        <ul className="cat-editable-list" aria-label="Modifier groups of this item">
          {groupRefs.fields.map((field, index) => (
            <GroupRefRow
              key={field.key}
              index={index}
              group={groupsById.get(field.modifierGroupId)}
              modifierGroupId={field.modifierGroupId}
              groupRefs={groupRefs}
              canSave={canSave}
            />
          ))}
        </ul>
      )}
      {canSave && availableGroups.length > 0 && (
        <AddGroupRef available={availableGroups} groupRefs={groupRefs} />
      )}
    </Section>
  );
}

function GroupRefRow({
  index,
  group,
  modifierGroupId,
  groupRefs,
  canSave,
}: {
  index: number;
  group: ModifierGroupRecord | undefined;
  modifierGroupId: number;
  groupRefs: GroupRefs;
  canSave: boolean;
}) {
  const name = group?.name ?? `Modifier group ${modifierGroupId}`;
  return (
    <li className="cat-editable-row cat-editable-row--ref">
      <div className="cat-ref__name">
        <strong>{name}</strong>
        {group && <span className="ui-muted ui-small">{selectionSummary(group)}</span>}
      </div>
      <CheckboxField name={`modifierGroups.${index}.isRequired`} label="Required" />
      <NumberField name={`modifierGroups.${index}.minSelection`} label="Min" className="cat-tiny" />
      <NumberField name={`modifierGroups.${index}.maxSelection`} label="Max" className="cat-tiny" />
      {canSave && (
        <RowActions
          name={name}
          index={index}
          count={groupRefs.fields.length}
          onMove={groupRefs.move}
          onRemove={groupRefs.remove}
        />
      )}
    </li>
  );
}

/** "Add a modifier group": one of the groups the item does not have yet, added at the end. */
function AddGroupRef({ available, groupRefs }: { available: ModifierGroupRecord[]; groupRefs: GroupRefs }) {
  const [chosenId, setChosenId] = useState('');
  const selectId = useId();
  return (
    <div className="cat-inline-form">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={selectId}>
          Add a modifier group
        </label>
        <select
          id={selectId}
          className="ui-field__input"
          value={chosenId}
          onChange={(event) => setChosenId(event.target.value)}
        >
          <option value="">Choose...</option>
          {available.map((g) => (
            <option key={g.modifierGroupId} value={g.modifierGroupId}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="secondary"
        disabled={!chosenId}
        onClick={() => {
          groupRefs.append({ modifierGroupId: Number(chosenId), position: groupRefs.fields.length });
          setChosenId('');
        }}
      >
        Add
      </Button>
    </div>
  );
}
