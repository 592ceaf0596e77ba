import { myRestaurantSchema, myTenantSchema } from '@brigade/contracts/me';
import type { MyRestaurant, MyTenant } from './types';

/**
 * The selection lives in localStorage under four keys (selected tenant id, selected restaurant
 * id, tenant data, restaurant data), optionally prefixed by a namespace. The names contain "selected_" so
 * that sign-out removes them.
 */
export function selectionKeys(namespace?: string) {
  const prefix = namespace ? `${namespace}_` : '';
  return {
    tenantId: `${prefix}selected_tenant_id`,
    restaurantId: `${prefix}selected_restaurant_id`,
    tenantData: `${prefix}selected_tenant_data`,
    restaurantData: `${prefix}selected_restaurant_data`,
  } as const;
}

export interface StoredSelection {
  tenant: MyTenant | null;
  restaurant: MyRestaurant | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): selection then lives only in memory
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid');
  }
}

export function clearStoredSelection(namespace?: string): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.values(selectionKeys(namespace))) store.removeItem(key);
}

/**
 * Restores the selection. Anything inconsistent (unparsable JSON, data not matching its id, a restaurant of
 * another tenant, a restaurant without a tenant) is wiped.
 */
export function readStoredSelection(namespace?: string): StoredSelection {
  const store = storage();
  const empty = { tenant: null, restaurant: null };
  if (!store) return empty;
  const keys = selectionKeys(namespace);
  const raw = {
    tenantId: store.getItem(keys.tenantId),
    restaurantId: store.getItem(keys.restaurantId),
    tenantData: store.getItem(keys.tenantData),
    restaurantData: store.getItem(keys.restaurantData),
  };
  if (Object.values(raw).every((value) => value === null)) return empty;

  const tenant = myTenantSchema.safeParse(parseJson(raw.tenantData));
  const tenantOk = tenant.success && String(tenant.data.tenantId) === raw.tenantId;
  if (!tenantOk) {
    clearStoredSelection(namespace);
    return empty;
  }
  if (raw.restaurantId === null && raw.restaurantData === null)
    return { tenant: tenant.data, restaurant: null };

  const restaurant = myRestaurantSchema.safeParse(parseJson(raw.restaurantData));
  const restaurantOk =
    restaurant.success &&
    String(restaurant.data.restaurantId) === raw.restaurantId &&
    restaurant.data.tenantId === tenant.data.tenantId;
  if (!restaurantOk) {
    clearStoredSelection(namespace);
    return empty;
  }
  return { tenant: tenant.data, restaurant: restaurant.data };
}

export function writeStoredSelection(selection: StoredSelection, namespace?: string): void {
  const store = storage();
  if (!store) return;
  const keys = selectionKeys(namespace);
  try {
    if (selection.tenant) {
      store.setItem(keys.tenantId, String(selection.tenant.tenantId));
      store.setItem(keys.tenantData, JSON.stringify(selection.tenant));
    } else {
      store.removeItem(keys.tenantId);
      store.removeItem(keys.tenantData);
    }
    if (selection.restaurant) {
      store.setItem(keys.restaurantId, String(selection.restaurant.restaurantId));
      store.setItem(keys.restaurantData, JSON.stringify(selection.restaurant));
    } else {
      store.removeItem(keys.restaurantId);
      store.removeItem(keys.restaurantData);
    }
  } catch {
    // quota exceeded: the in-memory selection still works for this page
  }
}
