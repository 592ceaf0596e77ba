import { loadError } from '@brigade/api-client/query-defaults';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type MenuGroupRecord, menuGroupEndpoints, useMenuGroups } from '../../catalogue-kit/catalogue-api';
import { LoadState, MoveButtons } from '../../catalogue-kit/ui';
import { useCan } from '../../restaurant-context';
import { refocusMoveButton } from './focus';
import { GroupSettingsDialog } from './group-settings-dialog';
import { SortableList } from './sortable-list';
import { buildMenuTree, countTree, nextPosition, parentGroups } from './tree';
import { useMenuWrites } from './use-menu-writes';

/** The menus: parent menu groups, in position order; open one to build it. */
export function MenusList() {
  const groups = useMenuGroups();
  const toast = useToast();
  const navigate = useNavigate();
  const canCreate = useCan(menuGroupEndpoints.create);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<MenuGroupRecord | null>(null);
  const menus = useMemo(() => (groups.data ? parentGroups(groups.data) : []), [groups.data]);
  const newMenu = canCreate && <Button onClick={() => setCreating(true)}>New menu</Button>;

  return (
    <div className="cat-page">
      <PageHeader
        title="Menus"
        description="Each menu holds groups, subgroups and items. Drag or use the arrows to set their order."
        actions={newMenu}
      />
      {groups.isPending || groups.error ? (
        <LoadState error={loadError(groups)} onRetry={() => void groups.refetch()} label="menus" />
      ) : menus.length === 0 ? (
        <EmptyState
          title="No menus yet"
          message={
            canCreate ? 'Create a menu, then add groups and items to it.' : 'No menus have been created yet.'
          }
          actions={newMenu}
        />
      ) : (
        <MenuCards menus={menus} groups={groups.data} onDelete={setToDelete} />
      )}
      {creating && (
        <GroupSettingsDialog
          open
          onClose={() => setCreating(false)}
          group={null}
          create={{ parentId: null, position: nextPosition(menus), isMenu: true }}
          title="New menu"
          onSaved={(menu) => {
            toast.success(`${menu.name} created`);
            void navigate(`/menus/${menu.menuGroupId}`);
          }}
        />
      )}
      <DeleteMenuDialog menu={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

/** The menus as cards in order (drag, or the arrows): counts, Build / View and Delete. */
function MenuCards({
  menus,
  groups,
  onDelete,
}: {
  menus: MenuGroupRecord[];
  groups: readonly MenuGroupRecord[];
  onDelete: (menu: MenuGroupRecord) => void;
}) {
  const writes = useMenuWrites();
  const canUpdate = useCan(menuGroupEndpoints.update);
  const canDelete = useCan(menuGroupEndpoints.delete);
  return (
    <SortableList
      label="Menus"
      className="cat-menus"
      entries={menus.map((menu) => ({ id: `menu-${menu.menuGroupId}`, label: menu.name }))}
      disabled={!canUpdate}
      onMove={(from, to) => void writes.moveGroup(menus, from, to)}
      renderRow={(entry, index, handle) => {
        const menu = menus[index] as MenuGroupRecord;
        const tree = buildMenuTree(groups, menu.menuGroupId);
        const counts = tree ? countTree(tree) : { groups: 0, items: 0 };
        return (
          <div className="cat-card" data-testid="menu-card">
            {handle}
            <div className="cat-card__text">
              <Link className="cat-card__title" to={`/menus/${menu.menuGroupId}`}>
                {menu.name}
              </Link>
              <span className="ui-muted ui-small">
                {counts.groups} {counts.groups === 1 ? 'group' : 'groups'} · {counts.items}{' '}
                {counts.items === 1 ? 'item' : 'items'}
                {menu.isActive ? '' : ' · inactive'}
                {menu.description ? ` · ${menu.description}` : ''}
              </span>
            </div>
            <span className="cat-row__actions">
              {canUpdate && (
                <MoveButtons
                  label={menu.name}
                  index={index}
                  count={menus.length}
                  focusKey={entry.id}
                  onMove={(to, direction) => {
                    void writes.moveGroup(menus, index, to);
                    refocusMoveButton(entry.id, direction);
                  }}
                />
              )}
              <Link
                className="ui-button ui-button--secondary ui-button--sm"
                to={`/menus/${menu.menuGroupId}`}
              >
                {canUpdate ? 'Build' : 'View'}
                <span className="ui-visually-hidden"> {menu.name}</span>
              </Link>
              {canDelete && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="cat-danger"
                  aria-label={`Delete ${menu.name}`}
                  onClick={() => onDelete(menu)}
                >
                  Delete
                </Button>
              )}
            </span>
          </div>
        );
      }}
    />
  );
}

/** "Delete X?" of a menu (`menu`; null: closed). */
function DeleteMenuDialog({ menu, onClose }: { menu: MenuGroupRecord | null; onClose: () => void }) {
  const writes = useMenuWrites();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    if (!menu) return;
    setDeleting(true);
    setError(null);
    try {
      await writes.deleteGroups([menu.menuGroupId]);
      toast.success(`${menu.name} deleted`);
      onClose();
    } catch (caught) {
      setError(errorMessageOf(caught, 'Could not delete the menu'));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <ConfirmDialog
      open={menu !== null}
      title={menu ? `Delete ${menu.name}?` : ''}
      message="The menu will be deleted. Its groups stay, as menus of their own; items are not deleted."
      pending={deleting}
      error={error}
      onConfirm={() => void remove()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
    />
  );
}
