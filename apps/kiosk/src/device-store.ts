/**
 * The token a kiosk keeps once a manager paired it (decision 059): its only identity. One per browser — a
 * kiosk is a dedicated device. The key avoids the words the platform's sign-out clears ("token", "auth",
 * "user"...: packages/ui/src/lib/sign-out.ts), so the manager's sign-out after pairing leaves it.
 */
export interface StoredKiosk {
  deviceId: number;
  name: string;
  token: string;
}

const KEY = 'brigade-kiosk-device';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readKiosk(): StoredKiosk | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredKiosk>;
    if (typeof value.token !== 'string' || typeof value.deviceId !== 'number') return null;
    return { deviceId: value.deviceId, name: String(value.name ?? ''), token: value.token };
  } catch {
    return null;
  }
}

export function writeKiosk(kiosk: StoredKiosk): void {
  storage()?.setItem(KEY, JSON.stringify(kiosk));
}

export function forgetKiosk(): void {
  storage()?.removeItem(KEY);
}

/** Whether the kiosk shows its controls in the lower part of the screen ("reach"): the last choice made. */
const REACH_KEY = 'brigade-kiosk-reach';
export const readReach = () => storage()?.getItem(REACH_KEY) === 'on';
export const writeReach = (on: boolean) => storage()?.setItem(REACH_KEY, on ? 'on' : 'off');
