import type { Executor } from '@brigade/db/database';
import { type Actor, activeRoleIn, roleAtLeast, worksAt } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import type { Connection, LISTING_SYNC_FREQUENCIES } from '@brigade/domain/listing/connection';
import { findRestaurantByGuid, findTenantByGuid } from '../tenancy/index';
import { type ConnectionRow, findConnectionById } from './connection-repository';

/**
 * Who may use a restaurant's Google Business Profile (issue 19): its tenant's owners, admins and managers
 * (a manager limited to some restaurants, at those: issue 45 item 15), and site administrators. Anyone else
 * is told the restaurant or connection does not exist (404).
 */
export function canUseListing(actor: Actor, tenantId: number, restaurantId: number): boolean {
  if (actor.kind !== 'user' || !actor.isActive) return false;
  if (actor.isSiteAdmin) return true;
  const role = activeRoleIn(actor, tenantId);
  return role !== null && roleAtLeast(role, 'manager') && worksAt(actor, tenantId, restaurantId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const RESTAURANT_NOT_FOUND = 'Restaurant not found';
export const CONNECTION_NOT_FOUND = 'Connection not found';

export interface ListingTarget {
  tenantId: number;
  restaurantId: number;
  tenantGuid: string;
  restaurantGuid: string;
}

/** The restaurant named by GUIDs, belonging to the tenant named, that the actor may manage; else 404. */
export async function listingTarget(
  ex: Executor,
  actor: Actor,
  guids: { tenantGuid: string; restaurantGuid: string },
): Promise<ListingTarget> {
  const tenant = await findTenantByGuid(ex, guids.tenantGuid);
  const restaurant = tenant ? await findRestaurantByGuid(ex, guids.restaurantGuid) : null;
  if (
    !tenant ||
    !restaurant ||
    restaurant.tenantId !== tenant.tenantId ||
    !canUseListing(actor, tenant.tenantId, restaurant.restaurantId)
  )
    throw notFound(RESTAURANT_NOT_FOUND, 'RESTAURANT_NOT_FOUND');
  return {
    tenantId: tenant.tenantId,
    restaurantId: restaurant.restaurantId,
    tenantGuid: tenant.guid,
    restaurantGuid: restaurant.guid,
  };
}

/** A connection the actor may manage; else 404 (another tenant's connection is not revealed). */
export async function managedConnection(
  ex: Executor,
  actor: Actor,
  connectionId: string,
): Promise<ConnectionRow> {
  const row = UUID.test(connectionId) ? await findConnectionById(ex, connectionId) : null;
  if (!row || !canUseListing(actor, row.tenantId, row.restaurantId))
    throw notFound(CONNECTION_NOT_FOUND, 'CONNECTION_NOT_FOUND');
  return row;
}

/** A connection as the API answers it (its fields and why it is in error): never a token (decision 027). */
export type ListingConnection = Connection & {
  locationTitle: string | null;
  syncFrequency: (typeof LISTING_SYNC_FREQUENCIES)[number];
  nextSyncAt: Date | null;
  lastSyncStatus: string | null;
  lastSyncError: string | null;
  statusReason: string | null;
  scopes: string[];
};

export function connectionView(row: ConnectionRow): ListingConnection {
  return {
    connectionId: row.connectionId,
    tenantGuid: row.tenantGuid,
    restaurantGuid: row.restaurantGuid,
    accountId: row.accountId,
    locationId: row.locationId,
    locationTitle: row.locationTitle,
    status: row.status,
    statusReason: row.statusReason,
    scopes: row.scopes,
    tokenExpiresAt: row.tokenExpiresAt,
    connectedAt: row.connectedAt,
    lastSyncAt: row.lastSyncAt,
    syncFrequency: row.syncFrequency,
    nextSyncAt: row.nextSyncAt,
    lastSyncStatus: row.lastSyncStatus,
    lastSyncError: row.lastSyncError,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
