import type { MenuSummary } from '@brigade/domain/catalogue/resolved-menu';

/**
 * The menu-selection state: a selected menu group and a display mode, default none
 * and 'all'; clearing goes back to none and 'all'. 'all' shows every menu of the restaurant on the display,
 * 'single' the selected group only.
 */
export const MENU_DISPLAY_MODES = ['all', 'single'] as const;
export type MenuDisplayMode = (typeof MENU_DISPLAY_MODES)[number];

export type SelectedMenuGroup = Pick<MenuSummary, 'menuGroupId' | 'guid' | 'name'> & {
  description?: string | undefined;
};

export interface MenuSelectionState {
  selectedMenuGroup: SelectedMenuGroup | null;
  displayMode: MenuDisplayMode;
}

export const INITIAL_MENU_SELECTION: MenuSelectionState = { selectedMenuGroup: null, displayMode: 'all' };

export type MenuSelectionAction =
  | { type: 'select'; group: SelectedMenuGroup }
  | { type: 'showAll' }
  | { type: 'setDisplayMode'; mode: MenuDisplayMode }
  | { type: 'clear' };

export function menuSelectionReducer(
  state: MenuSelectionState,
  action: MenuSelectionAction,
): MenuSelectionState {
  switch (action.type) {
    case 'select':
      return {
        selectedMenuGroup: {
          menuGroupId: action.group.menuGroupId,
          guid: action.group.guid,
          name: action.group.name,
          ...(action.group.description ? { description: action.group.description } : {}),
        },
        displayMode: 'single',
      };
    case 'showAll':
      return { selectedMenuGroup: null, displayMode: 'all' };
    case 'setDisplayMode':
      // 'single' needs a group; without one the display can only show all menus
      if (action.mode === 'single' && !state.selectedMenuGroup) return state;
      return { ...state, displayMode: action.mode };
    case 'clear':
      return INITIAL_MENU_SELECTION;
  }
}

/**
 * Persisted per restaurant in localStorage (a kiosk that reloads shows the same menu). The key contains
 * "selected_" so that sign-out removes it with the tenant and restaurant selection.
 */
export const menuSelectionKey = (restaurantGuid: string, namespace?: string) =>
  `${namespace ? `${namespace}_` : ''}selected_menu_group_${restaurantGuid}`;

export function readMenuSelection(store: Storage | null, key: string): MenuSelectionState {
  const text = store?.getItem(key);
  if (!text) return INITIAL_MENU_SELECTION;
  try {
    const parsed = JSON.parse(text) as Partial<MenuSelectionState>;
    const group = parsed.selectedMenuGroup;
    const validGroup =
      group === null ||
      (typeof group === 'object' &&
        group !== undefined &&
        Number.isInteger(group.menuGroupId) &&
        group.menuGroupId > 0 &&
        typeof group.guid === 'string' &&
        typeof group.name === 'string');
    const validMode = MENU_DISPLAY_MODES.includes(parsed.displayMode as MenuDisplayMode);
    if (!validGroup || !validMode || (parsed.displayMode === 'single' && !group)) throw new Error('invalid');
    return { selectedMenuGroup: group ?? null, displayMode: parsed.displayMode as MenuDisplayMode };
  } catch {
    // invalid persisted data is wiped (as for the tenant and restaurant selection)
    store?.removeItem(key);
    return INITIAL_MENU_SELECTION;
  }
}

export function writeMenuSelection(store: Storage | null, key: string, state: MenuSelectionState): void {
  if (!store) return;
  try {
    if (state.selectedMenuGroup === null && state.displayMode === 'all') store.removeItem(key);
    else store.setItem(key, JSON.stringify(state));
  } catch {
    // storage full or disabled: the state lives in memory
  }
}
