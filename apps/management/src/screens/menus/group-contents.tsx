import { Badge } from '@brigade/ui/app-kit/badge';
import { Button } from '@brigade/ui/components/button';
import { Link } from 'react-router';
import type { ItemRecord, MenuGroupRecord } from '../../catalogue-kit/catalogue-api';
import { FolderIcon, MoveButtons, MoveToIcon, UnlinkIcon } from '../../catalogue-kit/ui';
import { useMoney } from '../../components/money';
import { priceSummary } from '../items/item-form';
import type { DialogState, Node, Permissions } from './builder-state';
import { refocusMoveButton } from './focus';
import { SortableList } from './sortable-list';
import type { useMenuWrites } from './use-menu-writes';

/* A group of the menu builder's tree: its badges, its items and its subgroups (each a group again). */

interface ContentsProps {
  node: Node;
  itemsById: ReadonlyMap<number, ItemRecord>;
  can: Permissions;
  writes: ReturnType<typeof useMenuWrites>;
  setDialog: (dialog: DialogState) => void;
}

type Focus = { key: string; direction: 'up' | 'down' };

/** A group's items and subgroups. */
export function GroupContents(props: ContentsProps) {
  const { node, can, setDialog } = props;
  const group = node.group;
  const hasContents = node.items.length > 0 || node.children.length > 0;
  const addItems = can.update && (
    <div className="cat-group__add">
      <Button variant="link" size="sm" onClick={() => setDialog({ kind: 'add-items', group })}>
        + Add items{node.depth === 0 ? ' to the menu' : ` to ${group.name}`}
      </Button>
    </div>
  );
  return (
    <div className="cat-group__contents">
      {node.items.length > 0 && <ItemRows {...props} />}
      {node.depth > 0 && addItems}
      {node.children.length > 0 && <SubgroupRows {...props} />}
      {node.depth === 0 && hasContents && addItems}
    </div>
  );
}

/** The group's items in order: reorder, "Move to…" and remove from the group. */
function ItemRows({ node, itemsById, can, writes, setDialog }: ContentsProps) {
  const money = useMoney();
  const group = node.group;
  const entries = node.items.map((ref) => ({
    id: `item-${group.menuGroupId}-${ref.itemId}`,
    label: itemsById.get(ref.itemId)?.name ?? `Item ${ref.itemId}`,
    itemId: ref.itemId,
  }));
  const move = (from: number, to: number, focus?: Focus) => {
    void writes.moveItem(group, from, to);
    if (focus) refocusMoveButton(focus.key, focus.direction);
  };
  return (
    <SortableList
      label={`Items in ${group.name}`}
      className="cat-items"
      entries={entries}
      disabled={!can.update}
      onMove={(from, to) => move(from, to)}
      renderRow={(entry, index, handle) => {
        const itemId = entries[index]?.itemId ?? 0;
        const item = itemsById.get(itemId);
        return (
          <div className="cat-row cat-row--item" data-testid="menu-item-row">
            {handle}
            <span className="cat-row__name">
              <Link to={`/items/${itemId}`}>{entry.label}</Link>
            </span>
            <span className="cat-row__meta">{item ? priceSummary(item, money) : ''}</span>
            {(can.update || can.moveItem) && (
              <span className="cat-row__actions">
                {can.update && (
                  <MoveButtons
                    label={entry.label}
                    index={index}
                    count={entries.length}
                    focusKey={entry.id}
                    onMove={(to, direction) => move(index, to, { key: entry.id, direction })}
                  />
                )}
                {can.moveItem && (
                  <MoveToButton
                    label={entry.label}
                    focusKey={entry.id}
                    onClick={() => setDialog({ kind: 'move-item', group, itemId, itemName: entry.label })}
                  />
                )}
                {can.update && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${entry.label} from ${group.name}`}
                    title="Remove from group"
                    onClick={() => void writes.removeItem(group, itemId, entry.label)}
                  >
                    <UnlinkIcon />
                  </Button>
                )}
              </span>
            )}
          </div>
        );
      }}
    />
  );
}

/** The group's subgroups in order, each a section with its actions, badges and contents. */
function SubgroupRows(props: ContentsProps) {
  const { node, can, writes } = props;
  const group = node.group;
  const entries = node.children.map((child) => ({
    id: `group-${child.group.menuGroupId}`,
    label: child.group.name,
  }));
  const siblings = node.children.map((child) => child.group);
  const move = (from: number, to: number, focus?: Focus) => {
    void writes.moveGroup(siblings, from, to);
    if (focus) refocusMoveButton(focus.key, focus.direction);
  };
  return (
    <SortableList
      label={node.depth === 0 ? `Groups of ${group.name}` : `Subgroups of ${group.name}`}
      className="cat-groups"
      entries={entries}
      disabled={!can.update}
      onMove={(from, to) => move(from, to)}
      renderRow={(entry, index, handle) => {
        const child = node.children[index] as Node;
        const Heading = child.depth === 1 ? 'h2' : 'h3';
        return (
          <section
            className="cat-group"
            data-depth={child.depth}
            aria-labelledby={`${entry.id}-title`}
            data-testid="menu-group"
          >
            <div className="cat-group__header">
              {handle}
              <FolderIcon className="cat-group__icon" />
              <Heading id={`${entry.id}-title`} className="cat-group__title">
                {child.group.name}
              </Heading>
              <SubgroupActions
                {...props}
                child={child}
                label={entry.label}
                focusKey={entry.id}
                index={index}
                count={entries.length}
                onMove={(to, direction) => move(index, to, { key: entry.id, direction })}
              />
            </div>
            <GroupSummary group={child.group} />
            <GroupContents {...props} node={child} />
            {child.items.length === 0 && child.children.length === 0 && !can.update && (
              <p className="ui-muted ui-small">No items yet.</p>
            )}
          </section>
        );
      }}
    />
  );
}

/** A subgroup's buttons: move up / down, "Move to…", Settings, + Subgroup and Delete, as the role allows. */
function SubgroupActions({
  child,
  label,
  focusKey,
  index,
  count,
  onMove,
  can,
  setDialog,
}: ContentsProps & {
  child: Node;
  label: string;
  focusKey: string;
  index: number;
  count: number;
  onMove: (to: number, direction: 'up' | 'down') => void;
}) {
  return (
    <span className="cat-row__actions">
      {can.update && (
        <MoveButtons label={label} index={index} count={count} focusKey={focusKey} onMove={onMove} />
      )}
      {can.update && (
        <MoveToButton
          label={label}
          focusKey={focusKey}
          onClick={() => setDialog({ kind: 'move-group', node: child })}
        />
      )}
      {can.update && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Settings of ${label}`}
          onClick={() => setDialog({ kind: 'settings', group: child.group })}
        >
          Settings
        </Button>
      )}
      {can.create && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Add a subgroup to ${label}`}
          onClick={() => setDialog({ kind: 'new-group', parent: child })}
        >
          + Subgroup
        </Button>
      )}
      {can.remove && (
        <Button
          variant="ghost"
          size="sm"
          className="cat-danger"
          aria-label={`Delete ${label}`}
          onClick={() => setDialog({ kind: 'delete', node: child })}
        >
          Delete
        </Button>
      )}
    </span>
  );
}

/** Opens the "Move to…" dialog of an item or a subgroup; focus comes back to it by `data-focus-id`. */
function MoveToButton({
  label,
  focusKey,
  onClick,
}: {
  label: string;
  focusKey: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Move ${label} to another group`}
      title="Move to another group"
      data-focus-id={`${focusKey}-move`}
      onClick={onClick}
    >
      <MoveToIcon />
    </Button>
  );
}

const CHANNELS: [keyof MenuGroupRecord, string][] = [
  ['visibleInPOS', 'POS'],
  ['visibleInKiosk', 'Kiosk'],
  ['visibleInOnlineOrdering', 'Online'],
  ['visibleInPartners', 'Partners'],
  ['visibleInInvoices', 'Invoices'],
];

/** Badges: pricing type, hidden channels, time window, season, inactive. */
export function GroupSummary({ group }: { group: MenuGroupRecord }) {
  const hidden = CHANNELS.filter(([field]) => group[field] === false).map(([, label]) => label);
  const days = Object.entries(group.daysOfWeek).filter(([, on]) => !on).length;
  return (
    <div className="cat-badges">
      {!group.isActive && <Badge tone="warning">Inactive</Badge>}
      {group.pricingType !== 'standard' && (
        <Badge tone="brand">
          {group.pricingType === 'fixed'
            ? `Fixed ${group.fixedPrice?.toFixed(2) ?? ''}`
            : group.pricingType === 'discount'
              ? `${group.discountPercentage ?? 0}% off`
              : 'Special pricing'}
        </Badge>
      )}
      {hidden.length > 0 && <Badge>Hidden on {hidden.join(', ')}</Badge>}
      {group.timeRange && (
        <Badge>
          {group.timeRange.startTime}–{group.timeRange.endTime}
        </Badge>
      )}
      {days > 0 && <Badge>{7 - days} days a week</Badge>}
      {(group.dateRange?.startDate || group.dateRange?.endDate) && (
        <Badge>
          {group.dateRange?.startDate ?? '…'} to {group.dateRange?.endDate ?? '…'}
        </Badge>
      )}
      {group.seasonalAvailability.isActive && <Badge>Seasonal</Badge>}
    </div>
  );
}
