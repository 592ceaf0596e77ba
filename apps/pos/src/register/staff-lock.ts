import { type Dispatch, useCallback, useEffect, useState } from 'react';
import type { CheckAction } from '../check/check';
import type { StoredDevice } from '../device-store';
import type { Scope } from '../queries';
import { type Staff, useClockSettings, useLock } from '../staff-queries';
import { useIdleLock } from './idle-lock';

/**
 * Who is at the register (docs/behaviour/time-clock.md#the-register-lock). When the restaurant locks its
 * registers with passcodes, the register opens locked (and tells the server so, in case a page was closed
 * while someone was signed in), locks itself after the settings' idle time, and "Switch staff" locks it;
 * locking empties the check, so the next person does not start on the last one's.
 * Without the lock, the register runs under the signed-in session as before.
 */
export function useStaffLock(scope: Scope, device: StoredDevice, checkDispatch: Dispatch<CheckAction>) {
  const settings = useClockSettings(scope);
  const lockEnabled = settings.data?.lockWithPasscodes === true;
  const [staff, setStaff] = useState<Staff | null>(null);
  const { mutate: tellLocked } = useLock(scope, device.token);
  const lock = useCallback(() => {
    setStaff(null);
    checkDispatch({ type: 'clear' });
    tellLocked();
  }, [tellLocked, checkDispatch]);
  useEffect(() => {
    if (lockEnabled) tellLocked();
  }, [lockEnabled, tellLocked]);
  useIdleLock(lockEnabled && staff !== null, settings.data?.autoLockSeconds ?? 120, lock);
  return { settings, lockEnabled, staff, unlocked: setStaff, lock };
}
