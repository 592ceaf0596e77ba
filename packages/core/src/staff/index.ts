/**
 * The staff area's face (docs/behaviour/time-clock.md): register passcodes, the register's lock, the time
 * clock, corrections, timesheets and labour cost. Other areas and the server import only this file.
 */

export { editTimeEntry } from './entry-edit';
export {
  clearPasscode,
  getMyPasscode,
  getPasscode,
  type PasscodePepper,
  setMyPasscode,
  setPasscode,
} from './passcodes';
export {
  approvalAt,
  approvalLimitsOf,
  managerOfPasscode,
  registerManagerCheck,
  registerServerOf,
  registerServers,
  registerUnlockedCheck,
  serverOf,
} from './register-manager';
export { lockRegister, punchClock, type StaffDeps, unlockRegister } from './register-staff';
export { clockSettingsOf, getClockSettings, saveClockSettingsFor } from './settings';
export { employeesByGuid } from './staff-view';
export { getTimesheet } from './timesheets';
export { createTipRule, listTipRules, removeTipRule, saveTipRule } from './tip-rules';
export { getTipsReport } from './tips-report';
