/**
 * The token a kitchen display keeps once a manager paired it (decision 069): its only identity. One per
 * browser — a kitchen display is a dedicated screen. The key avoids the words the platform's sign-out clears
 * ("token", "auth", "user"...: packages/ui/src/lib/sign-out.ts), so the manager's sign-out after pairing
 * leaves it.
 */
export interface StoredDisplay {
  deviceId: number;
  name: string;
  token: string;
}

const KEY = 'brigade-kitchen-device';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDisplay(): StoredDisplay | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredDisplay>;
    if (typeof value.token !== 'string' || typeof value.deviceId !== 'number') return null;
    return { deviceId: value.deviceId, name: String(value.name ?? ''), token: value.token };
  } catch {
    return null;
  }
}

export function writeDisplay(display: StoredDisplay): void {
  storage()?.setItem(KEY, JSON.stringify(display));
}

export function forgetDisplay(): void {
  storage()?.removeItem(KEY);
}

/** The screen it showed last (a station's id or the expo): a restart comes back to it. */
const SCREEN_KEY = 'brigade-kitchen-screen';
export const readLastScreen = () => storage()?.getItem(SCREEN_KEY) ?? null;
export const writeLastScreen = (path: string) => storage()?.setItem(SCREEN_KEY, path);
