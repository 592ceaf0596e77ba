import * as contract from '@brigade/contracts/staff';
import {
  clearPasscode,
  createTipRule,
  editTimeEntry,
  getClockSettings,
  getMyPasscode,
  getPasscode,
  getTimesheet,
  getTipsReport,
  listTipRules,
  lockRegister,
  punchClock,
  removeTipRule,
  type StaffDeps,
  saveClockSettingsFor,
  saveTipRule,
  setMyPasscode,
  setPasscode,
  unlockRegister,
} from '@brigade/core/staff/index';
import type { Executor } from '@brigade/db/database';
import { type WallContext, withinWalls } from '@brigade/db/tenant-walls';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

/** Staff on the clock (issue 47, docs/behaviour/time-clock.md): one call per handler. */
const deviceToken = (request: FastifyRequest) => request.headers[DEVICE_HEADER];

/** Passcode calls: each step in a short transaction of its own under the request's walls. */
function staffDeps(deps: AppDeps, walls: WallContext | null): StaffDeps {
  const db = deps.database.db;
  const transact = walls
    ? <T>(work: (tx: Executor) => Promise<T>) => withinWalls(db, walls, (tx) => work(tx))
    : <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Executor));
  return { db, transact, passcodePepper: deps.passcodePepper };
}

export const staffRoutes = [
  implement(contract.getEmployeePasscode, async ({ params, actor, deps }) =>
    success(await getPasscode({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.setEmployeePasscode, async ({ params, body, actor, deps, walls }) =>
    success(await setPasscode(staffDeps(deps, walls), actor, { ...params, body })),
  ),
  implement(contract.clearEmployeePasscode, async ({ params, actor, deps }) =>
    success(await clearPasscode({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.getMyPasscode, async ({ params, actor, deps }) =>
    success(await getMyPasscode({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.setMyPasscode, async ({ params, body, actor, deps, walls }) =>
    success(await setMyPasscode(staffDeps(deps, walls), actor, { ...params, body })),
  ),
  implement(contract.unlockRegister, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await unlockRegister(staffDeps(deps, walls), actor, { ...params, token: deviceToken(request), body }),
    ),
  ),
  implement(contract.lockRegister, async ({ params, actor, deps, walls, request }) =>
    success(await lockRegister(staffDeps(deps, walls), actor, { ...params, token: deviceToken(request) })),
  ),
  implement(contract.punchTimeClock, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await punchClock(staffDeps(deps, walls), actor, { ...params, token: deviceToken(request), body }),
    ),
  ),
  implement(contract.getTimeClockSettings, async ({ params, actor, deps }) =>
    success(await getClockSettings({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.saveTimeClockSettings, async ({ params, body, actor, deps }) =>
    success(await saveClockSettingsFor({ db: deps.database.db }, actor, { ...params, body })),
  ),
  implement(contract.getTimesheet, async ({ params, query, actor, deps }) =>
    success(await getTimesheet({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.editTimeEntry, async ({ params, body, actor, deps }) =>
    success(await editTimeEntry({ db: deps.database.db }, actor, { ...params, body })),
  ),
  implement(contract.listTipRules, async ({ params, actor, deps }) =>
    success(await listTipRules({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.createTipRule, async ({ params, body, actor, deps }) =>
    success(await createTipRule({ db: deps.database.db }, actor, { ...params, body })),
  ),
  implement(contract.updateTipRule, async ({ params, body, actor, deps }) =>
    success(await saveTipRule({ db: deps.database.db }, actor, { ...params, body })),
  ),
  implement(contract.deleteTipRule, async ({ params, actor, deps }) =>
    success(await removeTipRule({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.getTipsReport, async ({ params, query, actor, deps }) =>
    success(await getTipsReport({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
];
