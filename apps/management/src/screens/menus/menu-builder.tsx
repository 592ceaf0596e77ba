import { moveMenuGroupItem } from '@brigade/contracts/menus';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useMoney } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { errorMessageOf } from '../../components/server-errors';
import { useToast } from '../../components/toast';
import { useCan } from '../../restaurant-context';
import { priceSummary } from '../items/item-form';
import { AddItemsDialog } from './add-items-dialog';
import {
  type ItemRecord,
  type MenuGroupRecord,
  menuGroupEndpoints,
  useItems,
  useMenuGroups,
} from './catalogue-api';
import { GroupSettingsDialog } from './group-settings-dialog';
import { MenuPreview } from './menu-preview';
import { focusWhenShown, refocusMoveButton } from './messages';
import { type MoveChoice, MoveDialog } from './move-dialog';
import { SortableList } from './sortable-list';
import {
  buildMenuTree,
  countTree,
  descendantIds,
  type MenuTreeNode,
  moveTargets,
  nextPosition,
} from './tree';
import { FolderIcon, LoadState, MoveButtons, MoveToIcon, UnlinkIcon } from './ui';
import { useMenuWrites } from './use-menu-writes';

type Node = MenuTreeNode<MenuGroupRecord>;

type DialogState =
  | { kind: 'settings'; group: MenuGroupRecord }
  | { kind: 'new-group'; parent: Node }
  | { kind: 'add-items'; group: MenuGroupRecord }
  | { kind: 'delete'; node: Node }
  | { kind: 'move-item'; group: MenuGroupRecord; itemId: number; itemName: string }
  | { kind: 'move-group'; node: Node }
  | null;

interface Permissions {
  update: boolean;
  create: boolean;
  remove: boolean;
  /** Moving an item to another group (one write: moveMenuGroupItem). */
  moveItem: boolean;
}

/**
 * The menu builder (issue 8): one menu as a tree of groups, subgroups and items. Groups and items are
 * reordered by drag or keyboard (the handle, or the move buttons), items are added (existing or new) and
 * removed, groups are created, edited (pricing type, visibility, availability) and deleted; the preview
 * shows the resolved menu as diners' screens get it, per channel.
 */
export function MenuBuilder({ menuGroupId }: { menuGroupId: number }) {
  const groups = useMenuGroups();
  const items = useItems();
  const writes = useMenuWrites();
  const toast = useToast();
  const can: Permissions = {
    update: useCan(menuGroupEndpoints.update),
    create: useCan(menuGroupEndpoints.create),
    remove: useCan(menuGroupEndpoints.delete),
    moveItem: useCan(moveMenuGroupItem),
  };
  const [dialog, setDialog] = useState<DialogState>(null);
  const [showPreview, setShowPreview] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const tree = useMemo(
    () => (groups.data ? buildMenuTree(groups.data, menuGroupId) : null),
    [groups.data, menuGroupId],
  );
  const itemsById = useMemo(
    () => new Map((items.data ?? []).map((item) => [item.itemId, item])),
    [items.data],
  );

  if (groups.isPending || groups.error)
    return (
      <div className="cat-page">
        <PageHeader title="Menu" back={{ to: '/menus', label: 'Menus' }} />
        <LoadState error={groups.error} onRetry={() => void groups.refetch()} label="the menu" />
      </div>
    );
  if (!tree)
    return (
      <div className="cat-page">
        <PageHeader title="Menu not found" back={{ to: '/menus', label: 'Menus' }} />
        <ErrorView
          title="Menu not found"
          message={`Menu group with ID ${menuGroupId} not found`}
          actions={
            <Link className={buttonClass('primary')} to="/menus">
              Back to menus
            </Link>
          }
        />
      </div>
    );

  const menu = tree.group;
  const counts = countTree(tree);
  const closeDialog = () => setDialog(null);
  const groupById = (id: number) => groups.data?.find((g) => g.menuGroupId === id);
  // The menu itself is a place too: items can sit directly in it, and subgroups at its top level.
  const placeLabel = (group: MenuGroupRecord) =>
    group.menuGroupId === menu.menuGroupId ? `${group.name} (top level)` : group.name;

  const itemChoices = (from: MenuGroupRecord, itemId: number): MoveChoice[] =>
    moveTargets(tree).map(({ group, depth }) => {
      const current = group.menuGroupId === from.menuGroupId;
      const there = !current && group.items.some((ref) => ref.itemId === itemId);
      return {
        id: group.menuGroupId,
        label: placeLabel(group),
        depth,
        disabled: current || there,
        note: current ? 'current' : there ? 'already there' : undefined,
      };
    });
  const groupChoices = (node: Node): MoveChoice[] =>
    moveTargets(tree, node.group.menuGroupId).map(({ group, depth }) => {
      const current = group.menuGroupId === node.group.parentId;
      return {
        id: group.menuGroupId,
        label: placeLabel(group),
        depth,
        disabled: current,
        note: current ? 'current' : undefined,
      };
    });

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    setDeleting(true);
    setDeleteError(null);
    try {
      const ids = [...descendantIds(dialog.node).reverse(), dialog.node.group.menuGroupId];
      await writes.deleteGroups(ids);
      toast.success(`${dialog.node.group.name} deleted`);
      setDialog(null);
    } catch (error) {
      setDeleteError(errorMessageOf(error, 'Could not delete the group'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="cat-page">
      <PageHeader
        title={menu.name}
        back={{ to: '/menus', label: 'Menus' }}
        description={`${counts.groups} ${counts.groups === 1 ? 'group' : 'groups'} · ${counts.items} ${
          counts.items === 1 ? 'item' : 'items'
        }${menu.isActive ? '' : ' · inactive'}`}
        actions={
          <>
            <Button
              variant="secondary"
              aria-pressed={showPreview}
              onClick={() => setShowPreview((on) => !on)}
            >
              {showPreview ? 'Hide preview' : 'Preview'}
            </Button>
            {can.update && (
              <Button variant="secondary" onClick={() => setDialog({ kind: 'settings', group: menu })}>
                Menu settings
              </Button>
            )}
            {can.create && (
              <Button onClick={() => setDialog({ kind: 'new-group', parent: tree })}>Add group</Button>
            )}
          </>
        }
      />
      <div className={showPreview ? 'cat-builder cat-builder--preview' : 'cat-builder'}>
        <div className="cat-builder__tree">
          <GroupSummary group={menu} />
          <GroupContents node={tree} itemsById={itemsById} can={can} writes={writes} setDialog={setDialog} />
          {tree.children.length === 0 && tree.items.length === 0 && (
            <EmptyState
              title="This menu is empty"
              message={
                can.create
                  ? 'Add a group (Starters, Mains, Drinks...) and put items in it, or add items to the menu directly.'
                  : 'No groups or items yet.'
              }
              actions={
                can.create && (
                  <>
                    <Button onClick={() => setDialog({ kind: 'new-group', parent: tree })}>Add group</Button>
                    {can.update && (
                      <Button
                        variant="secondary"
                        onClick={() => setDialog({ kind: 'add-items', group: menu })}
                      >
                        Add items
                      </Button>
                    )}
                  </>
                )
              }
            />
          )}
        </div>
        {showPreview && (
          <aside className="cat-builder__preview" aria-label="Preview">
            <MenuPreview menuGroupId={menuGroupId} />
          </aside>
        )}
      </div>

      {dialog?.kind === 'settings' && (
        <GroupSettingsDialog
          open
          onClose={closeDialog}
          group={dialog.group}
          title={
            dialog.group.menuGroupId === menuGroupId
              ? 'Menu settings'
              : `Group settings: ${dialog.group.name}`
          }
          onSaved={(saved) => toast.success(`${saved.name} saved`)}
        />
      )}
      {dialog?.kind === 'new-group' && (
        <GroupSettingsDialog
          open
          onClose={closeDialog}
          group={null}
          create={{
            parentId: dialog.parent.group.menuGroupId,
            position: nextPosition(dialog.parent.children.map((c) => c.group)),
            isMenu: false,
          }}
          title={
            dialog.parent.depth === 0
              ? `New group in ${dialog.parent.group.name}`
              : `New subgroup in ${dialog.parent.group.name}`
          }
          onSaved={(saved) => toast.success(`${saved.name} created`)}
        />
      )}
      {dialog?.kind === 'move-item' && (
        <MoveDialog
          open
          onClose={closeDialog}
          title={`Move ${dialog.itemName}`}
          description={`Choose the group of ${menu.name} to move ${dialog.itemName} to. It goes to the end of that group.`}
          choices={itemChoices(dialog.group, dialog.itemId)}
          onMove={async (targetId) => {
            const from = groupById(dialog.group.menuGroupId) ?? dialog.group;
            const to = groupById(targetId);
            if (!to) throw new Error(`Menu group with ID ${targetId} not found`);
            await writes.moveItemToGroup(from, dialog.itemId, to);
            toast.success(`${dialog.itemName} moved to ${to.name}`);
            focusWhenShown(`item-${targetId}-${dialog.itemId}-move`);
          }}
        />
      )}
      {dialog?.kind === 'move-group' && (
        <MoveDialog
          open
          onClose={closeDialog}
          title={`Move ${dialog.node.group.name}`}
          description={`Choose where ${dialog.node.group.name} goes in ${menu.name}: under another group, or at the top level. Its items and subgroups go with it.`}
          choices={groupChoices(dialog.node)}
          onMove={async (targetId) => {
            const moved = dialog.node.group;
            const parent = groupById(targetId);
            if (!parent) throw new Error(`Menu group with ID ${targetId} not found`);
            const children = (groups.data ?? []).filter((g) => g.parentId === targetId);
            await writes.moveGroupToParent(moved, parent, children);
            toast.success(`${moved.name} moved to ${parent.name}`);
            focusWhenShown(`group-${moved.menuGroupId}-move`);
          }}
        />
      )}
      {dialog?.kind === 'add-items' && (
        <AddItemsDialog
          open
          onClose={closeDialog}
          groupName={dialog.group.name}
          presentIds={new Set(dialog.group.items.map((ref) => ref.itemId))}
          onAdd={async (itemIds) => {
            // the group as it is now (the cache may have moved on since the dialog opened)
            const current =
              groups.data?.find((g) => g.menuGroupId === dialog.group.menuGroupId) ?? dialog.group;
            await writes.addItems(current, itemIds);
            toast.success(itemIds.length === 1 ? 'Item added' : `${itemIds.length} items added`);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.node.group.name}?` : ''}
        message={dialog?.kind === 'delete' ? deleteMessage(dialog.node) : ''}
        pending={deleting}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleteError(null);
          setDialog(null);
        }}
      />
    </div>
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

function deleteMessage(node: Node): string {
  const subgroups = descendantIds(node).length;
  const also = subgroups > 0 ? ` and its ${subgroups} ${subgroups === 1 ? 'subgroup' : 'subgroups'}` : '';
  return `The group${also} will be deleted. The items stay in the item list and in other groups.`;
}

const CHANNELS: [keyof MenuGroupRecord, string][] = [
  ['visibleInPOS', 'POS'],
  ['visibleInKiosk', 'Kiosk'],
  ['visibleInOnlineOrdering', 'Online'],
  ['visibleInPartners', 'Partners'],
  ['visibleInInvoices', 'Invoices'],
];

/** Badges: pricing type, hidden channels, time window, season, inactive. */
function GroupSummary({ group }: { group: MenuGroupRecord }) {
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

interface ContentsProps {
  node: Node;
  itemsById: ReadonlyMap<number, ItemRecord>;
  can: Permissions;
  writes: ReturnType<typeof useMenuWrites>;
  setDialog: (dialog: DialogState) => void;
}

/** A group's items and subgroups. */
function GroupContents({ node, itemsById, can, writes, setDialog }: ContentsProps) {
  const money = useMoney();
  const group = node.group;
  const itemEntries = node.items.map((ref) => ({
    id: `item-${group.menuGroupId}-${ref.itemId}`,
    label: itemsById.get(ref.itemId)?.name ?? `Item ${ref.itemId}`,
    itemId: ref.itemId,
  }));
  const groupEntries = node.children.map((child) => ({
    id: `group-${child.group.menuGroupId}`,
    label: child.group.name,
  }));
  const siblings = node.children.map((child) => child.group);

  type Focus = { key: string; direction: 'up' | 'down' };
  const moveItem = (from: number, to: number, focus?: Focus) => {
    void writes.moveItem(group, from, to);
    if (focus) refocusMoveButton(focus.key, focus.direction);
  };
  const moveGroup = (from: number, to: number, focus?: Focus) => {
    void writes.moveGroup(siblings, from, to);
    if (focus) refocusMoveButton(focus.key, focus.direction);
  };

  const addItems = can.update && (
    <div className="cat-group__add">
      <Button variant="link" size="sm" onClick={() => setDialog({ kind: 'add-items', group })}>
        + Add items{node.depth === 0 ? ' to the menu' : ` to ${group.name}`}
      </Button>
    </div>
  );

  return (
    <div className="cat-group__contents">
      {itemEntries.length > 0 && (
        <SortableList
          label={`Items in ${group.name}`}
          className="cat-items"
          entries={itemEntries}
          disabled={!can.update}
          onMove={(from, to) => moveItem(from, to)}
          renderRow={(entry, index, handle) => {
            const itemId = itemEntries[index]?.itemId ?? 0;
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
                        count={itemEntries.length}
                        focusKey={entry.id}
                        onMove={(to, direction) => moveItem(index, to, { key: entry.id, direction })}
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
      )}
      {node.depth > 0 && addItems}
      {groupEntries.length > 0 && (
        <SortableList
          label={node.depth === 0 ? `Groups of ${group.name}` : `Subgroups of ${group.name}`}
          className="cat-groups"
          entries={groupEntries}
          disabled={!can.update}
          onMove={(from, to) => moveGroup(from, to)}
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
                  <span className="cat-row__actions">
                    {can.update && (
                      <MoveButtons
                        label={entry.label}
                        index={index}
                        count={groupEntries.length}
                        focusKey={entry.id}
                        onMove={(to, direction) => moveGroup(index, to, { key: entry.id, direction })}
                      />
                    )}
                    {can.update && (
                      <MoveToButton
                        label={entry.label}
                        focusKey={entry.id}
                        onClick={() => setDialog({ kind: 'move-group', node: child })}
                      />
                    )}
                    {can.update && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Settings of ${entry.label}`}
                        onClick={() => setDialog({ kind: 'settings', group: child.group })}
                      >
                        Settings
                      </Button>
                    )}
                    {can.create && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Add a subgroup to ${entry.label}`}
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
                        aria-label={`Delete ${entry.label}`}
                        onClick={() => setDialog({ kind: 'delete', node: child })}
                      >
                        Delete
                      </Button>
                    )}
                  </span>
                </div>
                <GroupSummary group={child.group} />
                <GroupContents
                  node={child}
                  itemsById={itemsById}
                  can={can}
                  writes={writes}
                  setDialog={setDialog}
                />
                {child.items.length === 0 && child.children.length === 0 && !can.update && (
                  <p className="ui-muted ui-small">No items yet.</p>
                )}
              </section>
            );
          }}
        />
      )}
      {node.depth === 0 && (node.items.length > 0 || node.children.length > 0) && addItems}
    </div>
  );
}
