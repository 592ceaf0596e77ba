import * as contract from '@brigade/contracts/kitchen-display';
import {
  bumpKitchenDisplayTicket,
  getKitchenDisplay,
  getKitchenDisplayBoard,
  getKitchenDisplayExpo,
  markKitchenDisplayReady,
  recallKitchenDisplayTicket,
} from '@brigade/core/pos/index';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { paymentDeps } from './payments';

/**
 * The paired kitchen display (docs/behaviour/kitchen-display.md, decision 069): the device token is the
 * caller, not a session. A bump or a mark ready may move the order, and a move may reach the payment gateway:
 * those run outside one request-long transaction, each step in a short one under the request's walls.
 */
const displayDeps = (deps: AppDeps) => ({ db: deps.database.db });

export const kitchenDisplayRoutes = [
  implement(contract.getKitchenDisplay, async ({ deps, request }) =>
    success(await getKitchenDisplay(displayDeps(deps), { token: request.headers[DEVICE_HEADER] })),
  ),
  implement(contract.getKitchenDisplayBoard, async ({ deps, request, params }) =>
    success(
      await getKitchenDisplayBoard(displayDeps(deps), { token: request.headers[DEVICE_HEADER], ...params }),
    ),
  ),
  implement(contract.getKitchenDisplayExpo, async ({ deps, request }) =>
    success(await getKitchenDisplayExpo(displayDeps(deps), { token: request.headers[DEVICE_HEADER] })),
  ),
  implement(contract.bumpKitchenDisplayTicket, async ({ deps, walls, request, params }) =>
    success(
      await bumpKitchenDisplayTicket(paymentDeps(deps, walls), {
        token: request.headers[DEVICE_HEADER],
        ...params,
      }),
    ),
  ),
  implement(contract.recallKitchenDisplayTicket, async ({ deps, request, params }) =>
    success(
      await recallKitchenDisplayTicket(displayDeps(deps), {
        token: request.headers[DEVICE_HEADER],
        ...params,
      }),
    ),
  ),
  implement(contract.markKitchenDisplayReady, async ({ deps, walls, request, params }) =>
    success(
      await markKitchenDisplayReady(paymentDeps(deps, walls), {
        token: request.headers[DEVICE_HEADER],
        ...params,
      }),
    ),
  ),
];
