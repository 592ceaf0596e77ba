import { describe, expect, it } from 'vitest';
import {
  INITIAL_MENU_SELECTION,
  type MenuSelectionState,
  menuSelectionKey,
  menuSelectionReducer,
  readMenuSelection,
  writeMenuSelection,
} from './menu-selection-state';

/** A Map-backed Storage, enough for the reads and writes of the menu selection. */
class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const lunch = { menuGroupId: 40000001, guid: 'a0000000-0000-4000-8000-000000000001', name: 'Lunch' };
const GUID = 'b0000000-0000-4000-8000-000000000002';

describe('menu selection state', () => {
  it('starts with no menu group and display mode all', () => {
    expect(INITIAL_MENU_SELECTION).toEqual({ selectedMenuGroup: null, displayMode: 'all' });
  });

  it('selecting a group holds it and shows that menu only; clearing goes back to none and all', () => {
    const selected = menuSelectionReducer(INITIAL_MENU_SELECTION, { type: 'select', group: lunch });
    expect(selected).toEqual({ selectedMenuGroup: lunch, displayMode: 'single' });
    expect(menuSelectionReducer(selected, { type: 'clear' })).toEqual({
      selectedMenuGroup: null,
      displayMode: 'all',
    });
  });

  it('keeps only the group fields it needs, the description when there is one', () => {
    const group = { ...lunch, description: 'Noon to three', position: 2, isMenu: true };
    const state = menuSelectionReducer(INITIAL_MENU_SELECTION, { type: 'select', group });
    expect(state.selectedMenuGroup).toEqual({ ...lunch, description: 'Noon to three' });
  });

  it('show all drops the group; the single mode needs a group', () => {
    const selected = menuSelectionReducer(INITIAL_MENU_SELECTION, { type: 'select', group: lunch });
    expect(menuSelectionReducer(selected, { type: 'showAll' })).toEqual(INITIAL_MENU_SELECTION);
    expect(menuSelectionReducer(selected, { type: 'setDisplayMode', mode: 'all' })).toEqual({
      selectedMenuGroup: lunch,
      displayMode: 'all',
    });
    const none = menuSelectionReducer(INITIAL_MENU_SELECTION, { type: 'setDisplayMode', mode: 'single' });
    expect(none).toBe(INITIAL_MENU_SELECTION);
  });

  it('persists per restaurant under a key that sign-out removes (contains selected_)', () => {
    expect(menuSelectionKey(GUID)).toBe(`selected_menu_group_${GUID}`);
    expect(menuSelectionKey(GUID, 'menu')).toBe(`menu_selected_menu_group_${GUID}`);
    const store = new MemoryStorage();
    const key = menuSelectionKey(GUID, 'menu');
    const state: MenuSelectionState = { selectedMenuGroup: lunch, displayMode: 'single' };
    writeMenuSelection(store, key, state);
    expect(readMenuSelection(store, key)).toEqual(state);
    expect(readMenuSelection(store, menuSelectionKey('another-restaurant', 'menu'))).toEqual(
      INITIAL_MENU_SELECTION,
    );
    // the initial state is not stored at all
    writeMenuSelection(store, key, INITIAL_MENU_SELECTION);
    expect(store.getItem(key)).toBeNull();
  });

  it('wipes invalid persisted data and starts from the initial state', () => {
    const store = new MemoryStorage();
    const key = menuSelectionKey(GUID);
    for (const bad of [
      'not json',
      JSON.stringify({ selectedMenuGroup: null, displayMode: 'grid' }),
      JSON.stringify({ selectedMenuGroup: { menuGroupId: -1, guid: 'x', name: 'y' }, displayMode: 'single' }),
      JSON.stringify({ selectedMenuGroup: null, displayMode: 'single' }),
    ]) {
      store.setItem(key, bad);
      expect(readMenuSelection(store, key)).toEqual(INITIAL_MENU_SELECTION);
      expect(store.getItem(key)).toBeNull();
    }
  });

  it('works without storage (disabled in private browsing)', () => {
    expect(readMenuSelection(null, 'k')).toEqual(INITIAL_MENU_SELECTION);
    expect(() => writeMenuSelection(null, 'k', INITIAL_MENU_SELECTION)).not.toThrow();
  });
});
