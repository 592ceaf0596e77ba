import { moveMenuGroupItem } from '@brigade/contracts/menus';
import { type MenuGroupRecord, menuGroupEndpoints } from '../../catalogue-kit/catalogue-api';
import { useCan } from '../../restaurant-context';
import type { MenuTreeNode } from './tree';

/* What the parts of the menu builder share: the tree's node, the open dialog, the role's permissions. */

export type Node = MenuTreeNode<MenuGroupRecord>;

/** The builder's one open dialog (null: none). */
export type DialogState =
  | { kind: 'settings'; group: MenuGroupRecord }
  | { kind: 'new-group'; parent: Node }
  | { kind: 'add-items'; group: MenuGroupRecord }
  | { kind: 'delete'; node: Node }
  | { kind: 'move-item'; group: MenuGroupRecord; itemId: number; itemName: string }
  | { kind: 'move-group'; node: Node }
  | null;

export interface Permissions {
  update: boolean;
  create: boolean;
  remove: boolean;
  /** Moving an item to another group (one write: moveMenuGroupItem). */
  moveItem: boolean;
}

export function useBuilderPermissions(): Permissions {
  return {
    update: useCan(menuGroupEndpoints.update),
    create: useCan(menuGroupEndpoints.create),
    remove: useCan(menuGroupEndpoints.delete),
    moveItem: useCan(moveMenuGroupItem),
  };
}
