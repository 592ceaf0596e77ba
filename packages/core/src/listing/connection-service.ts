import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import {
  accountResourceName,
  type LISTING_SYNC_FREQUENCIES,
  locationResourceName,
} from '@brigade/domain/listing/connection';
import type { ConnectionRow } from './connection-repository';
import {
  deleteConnectionRow,
  findConnectionById,
  findGoogleConnection,
  listConnectionsOf,
  updateConnectionRow,
} from './connection-repository';
import {
  CONNECTION_NOT_FOUND,
  connectionView,
  type ListingConnection,
  listingTarget,
  managedConnection,
} from './listing-access';
import { accessTokenContext, type ListingDeps, refreshTokenContext } from './listing-deps';

/** GET …/connections?tenantId&restaurantId. */
export async function listConnections(
  deps: ListingDeps,
  actor: Actor,
  guids: { tenantGuid: string; restaurantGuid: string },
): Promise<ListingConnection[]> {
  return deps.transact(async (tx) => {
    const target = await listingTarget(tx, actor, guids);
    return (await listConnectionsOf(tx, target.tenantId, target.restaurantId)).map(connectionView);
  });
}

/** GET …/connections/{id}: 404 when unknown or not the actor's. */
export async function getConnection(
  deps: ListingDeps,
  actor: Actor,
  connectionId: string,
): Promise<ListingConnection> {
  return connectionView(await deps.transact((tx) => managedConnection(tx, actor, connectionId)));
}

/** PATCH …/connections/{id}: the account, location (prefixed as Google names them), sync frequency. */
export async function updateConnection(
  deps: ListingDeps,
  actor: Actor,
  input: {
    connectionId: string;
    accountId?: string | null | undefined;
    locationId?: string | null | undefined;
    syncFrequency?: (typeof LISTING_SYNC_FREQUENCIES)[number] | undefined;
  },
): Promise<ListingConnection> {
  return deps.transact(async (tx) => {
    await managedConnection(tx, actor, input.connectionId);
    await updateConnectionRow(tx, input.connectionId, {
      // A new frequency takes effect at once: the next housekeeping run syncs and schedules from there.
      ...(input.syncFrequency === undefined ? {} : { syncFrequency: input.syncFrequency, nextSyncAt: null }),
      ...(input.accountId === undefined
        ? {}
        : { accountId: input.accountId === null ? null : accountResourceName(input.accountId) }),
      ...(input.locationId === undefined
        ? {}
        : {
            locationId: input.locationId === null ? null : locationResourceName(input.locationId),
            // A location set by hand has no title until it is selected (which asks Google).
            locationTitle: null,
          }),
    });
    return connectionView((await findConnectionById(tx, input.connectionId))!);
  });
}

/** Revokes the connection's grant at Google, best effort: a failure is logged, never in the way. */
async function revokeAtGoogle(deps: ListingDeps, row: ConnectionRow): Promise<void> {
  const sealed = row.refreshToken ?? row.accessToken;
  if (!sealed) return;
  try {
    const box = deps.secrets();
    const token = row.refreshToken
      ? box.open(sealed, refreshTokenContext(row.connectionId))
      : box.open(sealed, accessTokenContext(row.connectionId));
    await (await deps.google()).oauth.revoke(token);
  } catch (error) {
    deps.log.warn(
      { connectionId: row.connectionId, reason: error instanceof Error ? error.name : 'unknown' },
      'Google Business Profile token could not be revoked',
    );
  }
}

/** DELETE …/connections/{id}: the grant revoked at Google (best effort), the row deleted. */
export async function deleteConnection(deps: ListingDeps, actor: Actor, connectionId: string): Promise<void> {
  const row = await deps.transact((tx) => managedConnection(tx, actor, connectionId));
  await revokeAtGoogle(deps, row);
  const deleted = await deps.transact((tx) => deleteConnectionRow(tx, connectionId));
  if (!deleted) throw notFound(CONNECTION_NOT_FOUND, 'CONNECTION_NOT_FOUND');
}

/**
 * DELETE …/disconnect/{tenantId}/{restaurantId}: the grant revoked at Google (best effort), the
 * tokens forgotten, status disconnected; the account and location stay for a later reconnect.
 */
export async function disconnectRestaurant(
  deps: ListingDeps,
  actor: Actor,
  guids: { tenantGuid: string; restaurantGuid: string },
): Promise<ListingConnection> {
  const found = await deps.transact(async (tx) => {
    const target = await listingTarget(tx, actor, guids);
    const connection = await findGoogleConnection(tx, target.tenantId, target.restaurantId);
    return connection ? await findConnectionById(tx, connection.connectionId) : null;
  });
  if (!found) throw notFound(CONNECTION_NOT_FOUND, 'CONNECTION_NOT_FOUND');
  await revokeAtGoogle(deps, found);
  return deps.transact(async (tx) => {
    await updateConnectionRow(tx, found.connectionId, {
      status: 'disconnected',
      statusReason: null,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
    });
    return connectionView((await findConnectionById(tx, found.connectionId))!);
  });
}
