import * as contract from '@brigade/contracts/kiosk';
import { getKioskMenu, placeKioskOrder } from '@brigade/core/pos/index';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

/** The self-order kiosk (docs/behaviour/kiosk.md): the device token is the caller, not a session. */
const kioskDeps = (deps: AppDeps) => ({ db: deps.database.db, menuCache: deps.menuCache });

export const kioskRoutes = [
  implement(contract.getKioskMenu, async ({ deps, request }) =>
    success(await getKioskMenu(kioskDeps(deps), { token: request.headers[DEVICE_HEADER] })),
  ),
  implement(contract.placeKioskOrder, async ({ deps, request, body }) =>
    success(
      await placeKioskOrder(kioskDeps(deps), {
        token: request.headers[DEVICE_HEADER],
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
];
