import * as contract from '@brigade/contracts/pos';
import {
  addCashMovement,
  addSaleTip,
  cancelTerminal,
  closeDrawer,
  currentDrawer,
  emailReceipt,
  getCloseOut,
  getRegister,
  listDevices,
  listDrawerSessions,
  listPosOrders,
  openDrawer,
  type PosCardDeps,
  pairDevice,
  pairTerminal,
  placePosCardOrder,
  placePosOrder,
  reprintReceipt,
  revokeDevice,
  syncPosOrders,
  unpairTerminal,
  voidPosOrder,
} from '@brigade/core/pos/index';
import type { WallContext } from '@brigade/db/tenant-walls';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { paymentDeps } from './payments';
import { publicSitesFor } from './qr';

/** The register (issue 46, docs/behaviour/pos.md): one call per handler. */
const deviceToken = (request: FastifyRequest) => request.headers[DEVICE_HEADER];
const posDeps = (deps: AppDeps) => ({ db: deps.database.db, menuCache: deps.menuCache });
/** A card sale's deps: the payments' (short transactions under the request's walls) and the terminal's client. */
const cardDeps = (deps: AppDeps, walls: WallContext | null): PosCardDeps => ({
  ...paymentDeps(deps, walls),
  menuCache: deps.menuCache,
  terminal: deps.payments.terminal,
});

export const posRoutes = [
  implement(contract.pairPosDevice, async ({ params, body, actor, deps }) =>
    success(await pairDevice({ db: deps.database.db }, actor, { ...params, ...body })),
  ),
  implement(contract.listPosDevices, async ({ params, actor, deps }) =>
    success(await listDevices({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.revokePosDevice, async ({ params, actor, deps }) =>
    success(await revokeDevice({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.getRegister, async ({ params, actor, deps, request }) =>
    success(
      await getRegister({ db: deps.database.db, menuCache: deps.menuCache }, actor, {
        ...params,
        token: deviceToken(request),
      }),
    ),
  ),
  implement(contract.placePosOrder, async ({ params, body, actor, deps, request }) =>
    success(
      await placePosOrder({ db: deps.database.db, menuCache: deps.menuCache }, actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(contract.syncPosOrders, async ({ params, body, actor, deps, request }) =>
    success(await syncPosOrders(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.reprintPosReceipt, async ({ params, actor, deps, request }) =>
    success(
      await reprintReceipt({ db: deps.database.db, menuCache: deps.menuCache }, actor, {
        ...params,
        token: deviceToken(request),
      }),
    ),
  ),
  implement(contract.emailPosReceipt, async ({ params, body, actor, deps, request }) =>
    success(
      await emailReceipt({ ...posDeps(deps), sites: publicSitesFor(deps.config, request) }, actor, {
        ...params,
        token: deviceToken(request),
        body,
      }),
    ),
  ),
  implement(contract.getDrawer, async ({ params, actor, deps, request }) =>
    success(await currentDrawer(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(contract.openDrawer, async ({ params, body, actor, deps, request }) =>
    success(await openDrawer(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.addCashMovement, async ({ params, body, actor, deps, request }) =>
    success(await addCashMovement(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.closeDrawer, async ({ params, body, actor, deps, request }) =>
    success(await closeDrawer(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.listDrawerSessions, async ({ params, query, actor, deps }) =>
    success(await listDrawerSessions({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.voidPosOrder, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await voidPosOrder(cardDeps(deps, walls), actor, { ...params, token: deviceToken(request), body }),
    ),
  ),
  implement(contract.addPosSaleTip, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await addSaleTip(cardDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body,
      }),
    ),
  ),
  implement(contract.pairPosTerminal, async ({ params, body, actor, deps }) =>
    success(
      await pairTerminal({ db: deps.database.db, secrets: deps.payments.secrets }, actor, {
        ...params,
        body,
      }),
    ),
  ),
  implement(contract.unpairPosTerminal, async ({ params, actor, deps }) =>
    success(await unpairTerminal({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.placePosCardOrder, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await placePosCardOrder(cardDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(contract.cancelPosTerminal, async ({ params, actor, deps, walls, request }) =>
    success(await cancelTerminal(cardDeps(deps, walls), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(contract.getCloseOut, async ({ params, query, actor, deps }) =>
    success(await getCloseOut({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.listPosOrders, async ({ params, actor, deps, request }) =>
    success(
      await listPosOrders({ db: deps.database.db, menuCache: deps.menuCache }, actor, {
        ...params,
        token: deviceToken(request),
      }),
    ),
  ),
];
