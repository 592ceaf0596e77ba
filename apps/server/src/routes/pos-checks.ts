import * as contract from '@brigade/contracts/pos-checks';
import {
  addCheckLines,
  closeCheck,
  discountCheckLine,
  fireNextCourse,
  getCheck,
  getFloor,
  listDiningRooms,
  listOpenChecks,
  moveCheck,
  openCheck,
  type PosCardDeps,
  payCheck,
  payCheckByCard,
  removeCheckLine,
  removeDiningRoom,
  removeDiningTable,
  saveDiningRoom,
  saveDiningTable,
  sendCheck,
  voidCheckLine,
} from '@brigade/core/pos/index';
import type { WallContext } from '@brigade/db/tenant-walls';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { paymentDeps } from './payments';

/** Open checks and the floor plan (issue 46, docs/behaviour/pos.md#open-checks): one call per handler. */
const deviceToken = (request: FastifyRequest) => request.headers[DEVICE_HEADER];
const posDeps = (deps: AppDeps) => ({ db: deps.database.db, menuCache: deps.menuCache });
const db = (deps: AppDeps) => ({ db: deps.database.db });
const cardDeps = (deps: AppDeps, walls: WallContext | null): PosCardDeps => ({
  ...paymentDeps(deps, walls),
  menuCache: deps.menuCache,
  terminal: deps.payments.terminal,
});

export const posCheckRoutes = [
  implement(contract.openPosCheck, async ({ params, body, actor, deps, request }) =>
    success(
      await openCheck(posDeps(deps), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(contract.listPosChecks, async ({ params, actor, deps, request }) =>
    success(await listOpenChecks(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(contract.getPosCheck, async ({ params, actor, deps, request }) =>
    success(await getCheck(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(contract.addPosCheckLines, async ({ params, body, actor, deps, request }) =>
    success(await addCheckLines(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.removePosCheckLine, async ({ params, body, actor, deps, request }) =>
    success(await removeCheckLine(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.voidPosCheckLine, async ({ params, body, actor, deps, request }) =>
    success(await voidCheckLine(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.discountPosCheckLine, async ({ params, body, actor, deps, request }) =>
    success(await discountCheckLine(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.sendPosCheck, async ({ params, body, actor, deps, request }) =>
    success(await sendCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.fireNextPosCourse, async ({ params, body, actor, deps, request }) =>
    success(await fireNextCourse(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.payPosCheck, async ({ params, body, actor, deps, request }) =>
    success(
      await payCheck(posDeps(deps), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(contract.payPosCheckByCard, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await payCheckByCard(cardDeps(deps, walls), actor, {
        ...params,
        token: deviceToken(request),
        idempotencyKey: request.headers['idempotency-key'],
        body,
      }),
    ),
  ),
  implement(contract.closePosCheck, async ({ params, body, actor, deps, request }) =>
    success(await closeCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.movePosCheck, async ({ params, body, actor, deps, request }) =>
    success(await moveCheck(posDeps(deps), actor, { ...params, token: deviceToken(request), body })),
  ),
  implement(contract.getPosFloor, async ({ params, actor, deps, request }) =>
    success(await getFloor(posDeps(deps), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(contract.listDiningRooms, async ({ params, actor, deps }) =>
    success(await listDiningRooms(db(deps), actor, params)),
  ),
  implement(contract.createDiningRoom, async ({ params, body, actor, deps }) =>
    success(await saveDiningRoom(db(deps), actor, { ...params, body })),
  ),
  implement(contract.updateDiningRoom, async ({ params, body, actor, deps }) =>
    success(await saveDiningRoom(db(deps), actor, { ...params, body })),
  ),
  implement(contract.deleteDiningRoom, async ({ params, actor, deps }) =>
    success(await removeDiningRoom(db(deps), actor, params)),
  ),
  implement(contract.createDiningTable, async ({ params, body, actor, deps }) =>
    success(await saveDiningTable(db(deps), actor, { ...params, body })),
  ),
  implement(contract.updateDiningTable, async ({ params, body, actor, deps }) =>
    success(await saveDiningTable(db(deps), actor, { ...params, body })),
  ),
  implement(contract.deleteDiningTable, async ({ params, actor, deps }) =>
    success(await removeDiningTable(db(deps), actor, params)),
  ),
];
