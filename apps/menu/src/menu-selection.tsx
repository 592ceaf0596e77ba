import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
} from 'react';
import {
  type MenuDisplayMode,
  type MenuSelectionState,
  menuSelectionKey,
  menuSelectionReducer,
  readMenuSelection,
  type SelectedMenuGroup,
  writeMenuSelection,
} from './menu-selection-state';

export interface MenuSelectionValue extends MenuSelectionState {
  selectMenuGroup: (group: SelectedMenuGroup) => void;
  showAllMenus: () => void;
  setDisplayMode: (mode: MenuDisplayMode) => void;
  clearMenuSelection: () => void;
}

const MenuSelectionContext = createContext<MenuSelectionValue | null>(null);

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Holds the menu-selection state of one restaurant and persists it under that restaurant.
 * Key the provider by restaurant (`key={guid}`) so another restaurant starts from its own stored state.
 */
export function MenuSelectionProvider({
  restaurantGuid,
  namespace,
  children,
}: {
  restaurantGuid: string;
  namespace?: string;
  children?: ReactNode;
}) {
  const key = menuSelectionKey(restaurantGuid, namespace);
  const [state, dispatch] = useReducer(menuSelectionReducer, key, (k) => readMenuSelection(localStore(), k));
  useEffect(() => writeMenuSelection(localStore(), key, state), [key, state]);

  const selectMenuGroup = useCallback((group: SelectedMenuGroup) => dispatch({ type: 'select', group }), []);
  const showAllMenus = useCallback(() => dispatch({ type: 'showAll' }), []);
  const setDisplayMode = useCallback(
    (mode: MenuDisplayMode) => dispatch({ type: 'setDisplayMode', mode }),
    [],
  );
  const clearMenuSelection = useCallback(() => dispatch({ type: 'clear' }), []);
  const value = useMemo(
    () => ({ ...state, selectMenuGroup, showAllMenus, setDisplayMode, clearMenuSelection }),
    [state, selectMenuGroup, showAllMenus, setDisplayMode, clearMenuSelection],
  );
  return <MenuSelectionContext.Provider value={value}>{children}</MenuSelectionContext.Provider>;
}

/** Outside its provider this is an error. */
export function useMenuSelection(): MenuSelectionValue {
  const value = useContext(MenuSelectionContext);
  if (!value) throw new Error('useMenuSelection must be used within a MenuSelectionProvider');
  return value;
}
