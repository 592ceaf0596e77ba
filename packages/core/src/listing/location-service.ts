import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import { accountResourceName, locationResourceName } from '@brigade/domain/listing/connection';
import type { BusinessLocation, GoogleAccount } from '@brigade/google-business/wire';
import { findConnectionById, findGoogleConnection, updateConnectionRow } from './connection-repository';
import { connectionView, type ListingConnection, listingTarget } from './listing-access';
import type { ListingDeps } from './listing-deps';
import { notConnected } from './listing-problem';
import { callGoogle } from './token-provider';

type Guids = { tenantGuid: string; restaurantGuid: string };
type PageInput = { pageSize?: number | undefined; pageToken?: string | undefined };

/** The restaurant's Google connection the actor may use (404 for the restaurant, 409 when none). */
async function connectionOf(deps: ListingDeps, actor: Actor, guids: Guids) {
  const found = await deps.transact(async (tx) => {
    const target = await listingTarget(tx, actor, guids);
    return findGoogleConnection(tx, target.tenantId, target.restaurantId);
  });
  if (!found) throw notConnected();
  return found;
}

const page = (input: PageInput) => ({
  ...(input.pageSize === undefined ? {} : { pageSize: input.pageSize }),
  ...(input.pageToken === undefined ? {} : { pageToken: input.pageToken }),
});

/** The Google accounts the connection can manage (page size 1-20). */
export async function listAccounts(
  deps: ListingDeps,
  actor: Actor,
  input: Guids & PageInput,
): Promise<{ accounts: GoogleAccount[]; nextPageToken?: string }> {
  const connection = await connectionOf(deps, actor, input);
  const found = await callGoogle(deps, connection.connectionId, (api, token) =>
    api.listAccounts(token, page(input)),
  );
  return { accounts: found.items, ...(found.nextPageToken ? { nextPageToken: found.nextPageToken } : {}) };
}

/**
 * GET …/locations: the account id prefixed 'accounts/' when missing, the default readMask, page
 * size 1-100. Without an account id: the connection's, else its first Google account.
 */
export async function listLocations(
  deps: ListingDeps,
  actor: Actor,
  input: Guids & PageInput & { accountId?: string | undefined; readMask?: string | undefined },
): Promise<{ accountId: string; locations: BusinessLocation[]; nextPageToken?: string }> {
  const connection = await connectionOf(deps, actor, input);
  return callGoogle(deps, connection.connectionId, async (api, token) => {
    const named =
      input.accountId ??
      connection.accountId ??
      (await api.listAccounts(token, { pageSize: 20 })).items[0]?.name;
    if (!named)
      throw new BrigadeError(
        'not_found',
        'GOOGLE_ACCOUNT_NOT_FOUND',
        'The Google grant manages no Business Profile account',
      );
    const accountId = accountResourceName(named);
    const found = await api.listLocations(token, accountId, {
      ...page(input),
      ...(input.readMask === undefined ? {} : { readMask: input.readMask }),
    });
    return {
      accountId,
      locations: found.items,
      ...(found.nextPageToken ? { nextPageToken: found.nextPageToken } : {}),
    };
  });
}

/** PATCH …/locations/select: Google must know the location (and show it to this grant). */
export async function selectLocation(
  deps: ListingDeps,
  actor: Actor,
  input: Guids & { locationId: string },
): Promise<ListingConnection> {
  const connection = await connectionOf(deps, actor, input);
  const locationId = locationResourceName(input.locationId.split('/').at(-1) ?? input.locationId);
  const location = await callGoogle(deps, connection.connectionId, (api, token) =>
    api.getLocation(token, locationId, 'name,title'),
  );
  return deps.transact(async (tx) => {
    await updateConnectionRow(tx, connection.connectionId, {
      locationId,
      locationTitle: location.title ?? null,
    });
    return connectionView((await findConnectionById(tx, connection.connectionId))!);
  });
}
