import type { ResponseOf } from '@brigade/api-client/client';
import type { getSession } from '@brigade/contracts/auth';
import type { listMyRestaurants, listMyTenants } from '@brigade/contracts/me';

export type MyTenant = ResponseOf<typeof listMyTenants>['data'][number];
export type MyRestaurant = ResponseOf<typeof listMyRestaurants>['data'][number];
export type SessionUser = ResponseOf<typeof getSession>['data']['user'];
