import { createContext, useContext } from 'react';
import type { StoredDevice } from '../device-store';
import type { OfflineQueueState } from '../offline/use-offline-queue';
import type { RegisterData, Scope } from '../queries';
import type { Staff } from '../staff-queries';

/** What every register screen reads: where it sells, the device, the register's data, the network. */
export interface RegisterContextValue {
  scope: Scope;
  device: StoredDevice;
  register: RegisterData;
  /** Cents as the restaurant's currency. */
  money: (cents: number) => string;
  offline: boolean;
  /** The cash sales made offline that wait to be sent, and those the server refused (decision 063). */
  queue: OfflineQueueState;
  /** Asks the server again now (the offline banner's "Check again"). */
  recheck: () => void;
  /** The server refused the device: back to the pair screen with its message. */
  onRefused: (message: string) => void;
  /** Who unlocked the register with a passcode; null while it is locked or the lock is not used. */
  staff: Staff | null;
}

export const RegisterContext = createContext<RegisterContextValue | null>(null);

export function useRegisterContext(): RegisterContextValue {
  const value = useContext(RegisterContext);
  if (!value) throw new Error('useRegisterContext must be used inside the register');
  return value;
}
