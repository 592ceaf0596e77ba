import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useState } from 'react';
import type { MenuGroupRecord } from '../../catalogue-kit/catalogue-api';
import { AddItemsDialog } from './add-items-dialog';
import type { DialogState, Node } from './builder-state';
import { focusWhenShown } from './focus';
import { GroupSettingsDialog } from './group-settings-dialog';
import { type MoveChoice, MoveDialog } from './move-dialog';
import { descendantIds, moveTargets, nextPosition } from './tree';
import type { useMenuWrites } from './use-menu-writes';

interface DialogsProps {
  dialog: DialogState;
  setDialog: (dialog: DialogState) => void;
  /** The menu's tree. */
  tree: Node;
  /** Every menu group of the restaurant, as the cache holds them now. */
  groups: readonly MenuGroupRecord[];
  writes: ReturnType<typeof useMenuWrites>;
}

/** The menu builder's dialogs: group settings (edit or new), add items, "Move to…" and "Delete X?". */
export function BuilderDialogs(props: DialogsProps) {
  const { dialog, setDialog, writes } = props;
  return (
    <>
      <OpenDialog {...props} />
      <DeleteGroupDialog
        node={dialog?.kind === 'delete' ? dialog.node : null}
        onClose={() => setDialog(null)}
        writes={writes}
      />
    </>
  );
}

/** The dialog `dialog` names, but for "Delete X?" (rendered all the time, opened by its `node`). */
function OpenDialog({ dialog, setDialog, tree, groups, writes }: DialogsProps) {
  const toast = useToast();
  const close = () => setDialog(null);
  const menu = tree.group;
  switch (dialog?.kind) {
    case 'settings':
      return (
        <GroupSettingsDialog
          open
          onClose={close}
          group={dialog.group}
          title={
            dialog.group.menuGroupId === menu.menuGroupId
              ? 'Menu settings'
              : `Group settings: ${dialog.group.name}`
          }
          onSaved={(saved) => toast.success(`${saved.name} saved`)}
        />
      );
    case 'new-group':
      return (
        <GroupSettingsDialog
          open
          onClose={close}
          group={null}
          create={{
            parentId: dialog.parent.group.menuGroupId,
            position: nextPosition(dialog.parent.children.map((c) => c.group)),
            isMenu: false,
          }}
          title={`${dialog.parent.depth === 0 ? 'New group' : 'New subgroup'} in ${dialog.parent.group.name}`}
          onSaved={(saved) => toast.success(`${saved.name} created`)}
        />
      );
    case 'add-items':
      return (
        <AddItemsDialog
          open
          onClose={close}
          groupId={dialog.group.menuGroupId}
          groupName={dialog.group.name}
          presentIds={new Set(dialog.group.items.map((ref) => ref.itemId))}
          onAdd={async (itemIds) => {
            // the group as it is now (the cache may have moved on since the dialog opened)
            const current = groups.find((g) => g.menuGroupId === dialog.group.menuGroupId) ?? dialog.group;
            await writes.addItems(current, itemIds);
            toast.success(itemIds.length === 1 ? 'Item added' : `${itemIds.length} items added`);
          }}
        />
      );
    case 'move-item':
    case 'move-group':
      return <MoveToDialog dialog={dialog} onClose={close} tree={tree} groups={groups} writes={writes} />;
    default:
      return null;
  }
}

/** The menu itself is a place too: items can sit directly in it, and subgroups at its top level. */
const placeLabel = (menu: MenuGroupRecord, group: MenuGroupRecord) =>
  group.menuGroupId === menu.menuGroupId ? `${group.name} (top level)` : group.name;

/** Where an item in `from` can go: every group of the menu but its own and those that have it already. */
function itemChoices(tree: Node, from: MenuGroupRecord, itemId: number): MoveChoice[] {
  return moveTargets(tree).map(({ group, depth }) => {
    const current = group.menuGroupId === from.menuGroupId;
    const there = !current && group.items.some((ref) => ref.itemId === itemId);
    return {
      id: group.menuGroupId,
      label: placeLabel(tree.group, group),
      depth,
      disabled: current || there,
      note: current ? 'current' : there ? 'already there' : undefined,
    };
  });
}

/** Where a subgroup can go: any group outside itself; its parent now is marked current. */
function groupChoices(tree: Node, node: Node): MoveChoice[] {
  return moveTargets(tree, node.group.menuGroupId).map(({ group, depth }) => {
    const current = group.menuGroupId === node.group.parentId;
    return {
      id: group.menuGroupId,
      label: placeLabel(tree.group, group),
      depth,
      disabled: current,
      note: current ? 'current' : undefined,
    };
  });
}

/** "Move to…" of an item or a subgroup; focus goes to the moved row's own "Move to…" button afterwards. */
function MoveToDialog({
  dialog,
  onClose,
  tree,
  groups,
  writes,
}: Omit<DialogsProps, 'dialog' | 'setDialog'> & {
  dialog: Extract<DialogState, { kind: 'move-item' | 'move-group' }>;
  onClose: () => void;
}) {
  const toast = useToast();
  const menu = tree.group;
  const groupById = (id: number) => groups.find((g) => g.menuGroupId === id);
  const target = (id: number) => {
    const found = groupById(id);
    if (!found) throw new Error(`Menu group with ID ${id} not found`);
    return found;
  };
  if (dialog.kind === 'move-item')
    return (
      <MoveDialog
        open
        onClose={onClose}
        title={`Move ${dialog.itemName}`}
        description={`Choose the group of ${menu.name} to move ${dialog.itemName} to. It goes to the end of that group.`}
        choices={itemChoices(tree, dialog.group, dialog.itemId)}
        onMove={async (targetId) => {
          const from = groupById(dialog.group.menuGroupId) ?? dialog.group;
          const to = target(targetId);
          await writes.moveItemToGroup(from, dialog.itemId, to);
          toast.success(`${dialog.itemName} moved to ${to.name}`);
          focusWhenShown(`item-${targetId}-${dialog.itemId}-move`);
        }}
      />
    );
  const moved = dialog.node.group;
  return (
    <MoveDialog
      open
      onClose={onClose}
      title={`Move ${moved.name}`}
      description={`Choose where ${moved.name} goes in ${menu.name}: under another group, or at the top level. Its items and subgroups go with it.`}
      choices={groupChoices(tree, dialog.node)}
      onMove={async (targetId) => {
        const parent = target(targetId);
        const children = groups.filter((g) => g.parentId === targetId);
        await writes.moveGroupToParent(moved, parent, children);
        toast.success(`${moved.name} moved to ${parent.name}`);
        focusWhenShown(`group-${moved.menuGroupId}-move`);
      }}
    />
  );
}

function deleteMessage(node: Node): string {
  const subgroups = descendantIds(node).length;
  const also = subgroups > 0 ? ` and its ${subgroups} ${subgroups === 1 ? 'subgroup' : 'subgroups'}` : '';
  return `The group${also} will be deleted. The items stay in the item list and in other groups.`;
}

/** "Delete X?" of a group (`node`; null: closed): the group and its subgroups go, deepest first. */
function DeleteGroupDialog({
  node,
  onClose,
  writes,
}: {
  node: Node | null;
  onClose: () => void;
  writes: ReturnType<typeof useMenuWrites>;
}) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    if (!node) return;
    setDeleting(true);
    setError(null);
    try {
      await writes.deleteGroups([...descendantIds(node).reverse(), node.group.menuGroupId]);
      toast.success(`${node.group.name} deleted`);
      onClose();
    } catch (caught) {
      setError(errorMessageOf(caught, 'Could not delete the group'));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <ConfirmDialog
      open={node !== null}
      title={node ? `Delete ${node.group.name}?` : ''}
      message={node ? deleteMessage(node) : ''}
      pending={deleting}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
    />
  );
}
