import { useMemo } from 'react';
import { useMenuGroups } from '../../catalogue-kit/catalogue-api';
import { LoadState, Section } from '../../catalogue-kit/ui';
import { menuOutline } from '../menus/tree';

/**
 * "Add to menu groups" of a new item: one checkbox a group, nested under its menu (Tab and Space work as
 * for any checkbox). The item is created into the ticked groups in one write, at the end of each.
 */
export function ItemMenuGroupsSection({
  selected,
  onChange,
}: {
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}) {
  const groups = useMenuGroups();
  const rows = useMemo(() => menuOutline(groups.data ?? []), [groups.data]);
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <Section
      title="Add to menu groups"
      description="The new item is added at the end of each group ticked here, together with the item itself."
    >
      {groups.isPending || groups.error ? (
        <LoadState error={groups.error} onRetry={() => void groups.refetch()} label="menu groups" />
      ) : rows.length === 0 ? (
        <p className="ui-muted ui-small">No menu groups yet: build menus in the menu builder.</p>
      ) : (
        <ul className="cat-group-picks" aria-label="Menu groups">
          {rows.map(({ group, depth }) => (
            <li key={group.menuGroupId} style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
              <label className="ui-checkbox">
                <input
                  type="checkbox"
                  checked={selected.includes(group.menuGroupId)}
                  onChange={(event) => toggle(group.menuGroupId, event.target.checked)}
                />
                <span>
                  {group.name}
                  {depth === 0 && <span className="ui-muted ui-small"> (menu)</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
