import * as splits from '@brigade/contracts/pos-check-splits';
import * as checks from '@brigade/contracts/pos-checks';
import {
  type ApprovalDeps,
  addCheckLines,
  closeCheck,
  discountCheck,
  discountCheckLine,
  fireNextCourse,
  getCheck,
  getFloor,
  handBackCheckPayments,
  listDiningRooms,
  listOpenChecks,
  mergeChecks,
  moveCheck,
  moveCheckLines,
  openCheck,
  type PosCardDeps,
  payCheck,
  payCheckByCard,
  payCheckByKeyedCard,
  removeCheckLine,
  removeDiningRoom,
  removeDiningTable,
  saveDiningRoom,
  saveDiningTable,
  sendCheck,
  splitCheck,
  transferCheck,
  voidCheckLine,
} from '@brigade/core/pos/index';
import type { Executor } from '@brigade/db/database';
import { type WallContext, withinWalls } from '@brigade/db/tenant-walls';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { paymentDeps } from './payments';

/** Open checks and the floor plan (issue 46, docs/behaviour/pos.md#open-checks): one call per handler. */
const deviceToken = (request: FastifyRequest) => request.headers[DEVICE_HEADER];
const posDeps = (deps: AppDeps) => ({ db: deps.database.db, menuCache: deps.menuCache });
const db = (deps: AppDeps) => ({ db: deps.database.db });
/** A manager's passcode is counted in a transaction of its own: each step in its own under the walls. */
function approvalDeps(deps: AppDeps, walls: WallContext | null): ApprovalDeps {
  const database = deps.database.db;
  const transact = walls
    ? <T>(work: (tx: Executor) => Promise<T>) => withinWalls(database, walls, (tx) => work(tx))
    : <T>(work: (tx: Executor) => Promise<T>) =>
        database.transaction((tx) => work(tx as unknown as Executor));
  return { db: database, menuCache: deps.menuCache, transact, passcodePepper: deps.passcodePepper };
}
const cardDeps = (deps: AppDeps, walls: WallContext | null): PosCardDeps => ({
  ...paymentDeps(deps, walls),
  menuCache: deps.menuCache,
  terminal: deps.payments.terminal,
});

export const posCheckRoutes = [
  implement(checks.openPosCheck, async ({ params, body, actor, deps, request }) =>
    success(
      await openCheck(posDeps(deps), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(checks.listPosChecks, async ({ params, actor, deps, request }) =>
    success(await listOpenChecks(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(checks.getPosCheck, async ({ params, actor, deps, request }) =>
    success(await getCheck(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(checks.addPosCheckLines, async ({ params, body, actor, deps, request }) =>
    success(await addCheckLines(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.removePosCheckLine, async ({ params, body, actor, deps, request }) =>
    success(await removeCheckLine(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.voidPosCheckLine, async ({ params, body, actor, deps, request, walls }) =>
    success(
      await voidCheckLine(approvalDeps(deps, walls), actor, { ...params, token: deviceToken(request), body }),
    ),
  ),
  implement(checks.discountPosCheckLine, async ({ params, body, actor, deps, request, walls }) =>
    success(
      await discountCheckLine(approvalDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        body,
      }),
    ),
  ),
  implement(splits.discountPosCheck, async ({ params, body, actor, deps, request, walls }) =>
    success(
      await discountCheck(approvalDeps(deps, walls), actor, { ...params, token: deviceToken(request), body }),
    ),
  ),
  implement(splits.splitPosCheck, async ({ params, body, actor, deps, request }) =>
    success(await splitCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(splits.mergePosChecks, async ({ params, body, actor, deps, request }) =>
    success(await mergeChecks(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(splits.movePosCheckLines, async ({ params, body, actor, deps, request }) =>
    success(await moveCheckLines(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(splits.transferPosCheck, async ({ params, body, actor, deps, request }) =>
    success(await transferCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.sendPosCheck, async ({ params, body, actor, deps, request }) =>
    success(await sendCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.fireNextPosCourse, async ({ params, body, actor, deps, request }) =>
    success(await fireNextCourse(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.payPosCheck, async ({ params, body, actor, deps, request }) =>
    success(
      await payCheck(posDeps(deps), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(checks.payPosCheckKeyed, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await payCheckByKeyedCard(cardDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(checks.payPosCheckByCard, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await payCheckByCard(cardDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(checks.closePosCheck, async ({ params, body, actor, deps, request }) =>
    success(await closeCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.handBackPosCheckPayments, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await handBackCheckPayments(cardDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        body,
      }),
    ),
  ),
  implement(checks.movePosCheck, async ({ params, body, actor, deps, request }) =>
    success(await moveCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(checks.getPosFloor, async ({ params, actor, deps, request }) =>
    success(await getFloor(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(checks.listDiningRooms, async ({ params, actor, deps }) =>
    success(await listDiningRooms(db(deps), actor, params)),
  ),
  implement(checks.createDiningRoom, async ({ params, body, actor, deps }) =>
    success(await saveDiningRoom(db(deps), actor, { ...params, body })),
  ),
  implement(checks.updateDiningRoom, async ({ params, body, actor, deps }) =>
    success(await saveDiningRoom(db(deps), actor, { ...params, body })),
  ),
  implement(checks.deleteDiningRoom, async ({ params, actor, deps }) =>
    success(await removeDiningRoom(db(deps), actor, params)),
  ),
  implement(checks.createDiningTable, async ({ params, body, actor, deps }) =>
    success(await saveDiningTable(db(deps), actor, { ...params, body })),
  ),
  implement(checks.updateDiningTable, async ({ params, body, actor, deps }) =>
    success(await saveDiningTable(db(deps), actor, { ...params, body })),
  ),
  implement(checks.deleteDiningTable, async ({ params, actor, deps }) =>
    success(await removeDiningTable(db(deps), actor, params)),
  ),
];
