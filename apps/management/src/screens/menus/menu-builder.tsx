import { loadError } from '@brigade/api-client/query-defaults';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type MenuGroupRecord, useItems, useMenuGroups } from '../../catalogue-kit/catalogue-api';
import { LoadState } from '../../catalogue-kit/ui';
import { BuilderDialogs } from './builder-dialogs';
import { type DialogState, type Node, type Permissions, useBuilderPermissions } from './builder-state';
import { GroupContents, GroupSummary } from './group-contents';
import { MenuPreview } from './menu-preview';
import { buildMenuTree, countTree } from './tree';
import { useMenuWrites } from './use-menu-writes';

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
  const can = useBuilderPermissions();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [showPreview, setShowPreview] = useState(false);

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
        <LoadState error={loadError(groups)} onRetry={() => void groups.refetch()} label="the menu" />
      </div>
    );
  if (!tree) return <MenuNotFound menuGroupId={menuGroupId} />;

  const menu = tree.group;
  return (
    <div className="cat-page">
      <BuilderHeader
        tree={tree}
        can={can}
        showPreview={showPreview}
        onTogglePreview={() => setShowPreview((on) => !on)}
        setDialog={setDialog}
      />
      <div className={showPreview ? 'cat-builder cat-builder--preview' : 'cat-builder'}>
        <div className="cat-builder__tree">
          <GroupSummary group={menu} />
          <GroupContents node={tree} itemsById={itemsById} can={can} writes={writes} setDialog={setDialog} />
          {tree.children.length === 0 && tree.items.length === 0 && (
            <EmptyMenu menu={menu} tree={tree} can={can} setDialog={setDialog} />
          )}
        </div>
        {showPreview && (
          <aside className="cat-builder__preview" aria-label="Preview">
            <MenuPreview menuGroupId={menuGroupId} />
          </aside>
        )}
      </div>
      <BuilderDialogs
        dialog={dialog}
        setDialog={setDialog}
        tree={tree}
        groups={groups.data ?? []}
        writes={writes}
      />
    </div>
  );
}

function MenuNotFound({ menuGroupId }: { menuGroupId: number }) {
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
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The menu's name and counts, Preview, Menu settings and Add group. */
function BuilderHeader({
  tree,
  can,
  showPreview,
  onTogglePreview,
  setDialog,
}: {
  tree: Node;
  can: Permissions;
  showPreview: boolean;
  onTogglePreview: () => void;
  setDialog: (dialog: DialogState) => void;
}) {
  const menu = tree.group;
  const counts = countTree(tree);
  return (
    <PageHeader
      title={menu.name}
      back={{ to: '/menus', label: 'Menus' }}
      description={`${plural(counts.groups, 'group', 'groups')} · ${plural(counts.items, 'item', 'items')}${
        menu.isActive ? '' : ' · inactive'
      }`}
      actions={
        <>
          <Button variant="secondary" aria-pressed={showPreview} onClick={onTogglePreview}>
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
  );
}

function EmptyMenu({
  menu,
  tree,
  can,
  setDialog,
}: {
  menu: MenuGroupRecord;
  tree: Node;
  can: Permissions;
  setDialog: (dialog: DialogState) => void;
}) {
  return (
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
              <Button variant="secondary" onClick={() => setDialog({ kind: 'add-items', group: menu })}>
                Add items
              </Button>
            )}
          </>
        )
      }
    />
  );
}
