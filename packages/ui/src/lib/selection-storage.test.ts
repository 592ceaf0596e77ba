import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStoredSelection, selectionKeys, writeStoredSelection } from './selection-storage';
import type { MyRestaurant, MyTenant } from './types';

const tenant: MyTenant = {
  tenantId: 10000001,
  guid: '6f1c2a4e-8b7d-4c3e-9a10-2b3c4d5e6f70',
  name: 'demo',
  displayName: 'Demo Group',
  status: 'active',
  plan: 'starter',
  role: 'owner',
  timezone: 'America/New_York',
};
const restaurant: MyRestaurant = {
  restaurantId: 20000001,
  guid: '8b3e4c60-ad9f-4e50-9c32-4d5e6f708192',
  tenantId: 10000001,
  name: 'The Copper Pot',
  slug: 'the-copper-pot',
  status: 'active',
  street: '12 Market Street',
  city: 'Portland',
};

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  (globalThis as { window?: unknown }).window = { localStorage: store };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('selection storage', () => {
  it('persists under four keys, prefixed by the namespace, and restores them', () => {
    writeStoredSelection({ tenant, restaurant }, 'menu');
    expect(store.getItem('menu_selected_tenant_id')).toBe('10000001');
    expect(store.getItem('menu_selected_restaurant_id')).toBe('20000001');
    expect(store.length).toBe(4);
    expect(readStoredSelection('menu')).toEqual({ tenant, restaurant });
    expect(readStoredSelection()).toEqual({ tenant: null, restaurant: null });
  });

  it('wipes invalid persisted data', () => {
    writeStoredSelection({ tenant, restaurant });
    store.setItem(selectionKeys().restaurantData, '{not json');
    expect(readStoredSelection()).toEqual({ tenant: null, restaurant: null });
    expect(store.length).toBe(0);
  });

  it('wipes a restaurant that belongs to another tenant', () => {
    writeStoredSelection({ tenant, restaurant: { ...restaurant, tenantId: 10000002 } });
    expect(readStoredSelection()).toEqual({ tenant: null, restaurant: null });
    expect(store.length).toBe(0);
  });
});
