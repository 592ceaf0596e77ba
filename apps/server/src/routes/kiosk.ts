import * as contract from '@brigade/contracts/kiosk';
import {
  cancelKioskTerminal,
  emailKioskReceipt,
  getKioskMenu,
  type PosCardDeps,
  placeKioskOrder,
  printKioskReceipt,
} from '@brigade/core/pos/index';
import type { WallContext } from '@brigade/db/tenant-walls';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { paymentDeps } from './payments';
import { publicSitesFor } from './qr';

/** The self-order kiosk (docs/behaviour/kiosk.md): the device token is the caller, not a session. */
const kioskDeps = (deps: AppDeps) => ({ db: deps.database.db, menuCache: deps.menuCache });
/** An order may wait for the kiosk's card terminal: short transactions under the request's walls. */
const cardDeps = (deps: AppDeps, walls: WallContext | null): PosCardDeps => ({
  ...paymentDeps(deps, walls),
  menuCache: deps.menuCache,
  terminal: deps.payments.terminal,
});

export const kioskRoutes = [
  implement(contract.getKioskMenu, async ({ deps, request }) =>
    success(await getKioskMenu(kioskDeps(deps), { token: request.headers[DEVICE_HEADER] })),
  ),
  implement(contract.placeKioskOrder, async ({ deps, walls, request, body }) =>
    success(
      await placeKioskOrder(
        { ...cardDeps(deps, walls), kioskLimit: deps.config.kioskOrderLimit },
        {
          token: request.headers[DEVICE_HEADER],
          idempotencyKey: request.headers['idempotency-key'],
          body,
        },
      ),
    ),
  ),
  implement(contract.cancelKioskTerminal, async ({ deps, walls, request }) =>
    success(await cancelKioskTerminal(cardDeps(deps, walls), { token: request.headers[DEVICE_HEADER] })),
  ),
  implement(contract.printKioskReceipt, async ({ deps, request, params }) =>
    success(await printKioskReceipt(kioskDeps(deps), { token: request.headers[DEVICE_HEADER], ...params })),
  ),
  implement(contract.emailKioskReceipt, async ({ deps, request, params, body }) =>
    success(
      await emailKioskReceipt(
        { ...kioskDeps(deps), sites: publicSitesFor(deps.config, request) },
        { token: request.headers[DEVICE_HEADER], ...params, body },
      ),
    ),
  ),
];
