/**
 * The device token a register keeps once a manager paired it (issue 46), per organisation and restaurant.
 * It stays through sign-out: staff switch on a paired register. The key is chosen so that the sign-out's
 * clean-up (packages/ui/src/lib/sign-out.ts: keys with "token", "auth", "user"...) leaves it alone.
 */
export interface StoredDevice {
  deviceId: number;
  name: string;
  token: string;
}

const keyOf = (tenantId: number, restaurantId: number) => `brigade-pos-device:${tenantId}:${restaurantId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDevice(tenantId: number, restaurantId: number): StoredDevice | null {
  const text = storage()?.getItem(keyOf(tenantId, restaurantId));
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredDevice>;
    if (typeof value.token !== 'string' || typeof value.deviceId !== 'number') return null;
    return { deviceId: value.deviceId, name: String(value.name ?? ''), token: value.token };
  } catch {
    return null;
  }
}

export function writeDevice(tenantId: number, restaurantId: number, device: StoredDevice): void {
  storage()?.setItem(keyOf(tenantId, restaurantId), JSON.stringify(device));
}

export function forgetDevice(tenantId: number, restaurantId: number): void {
  storage()?.removeItem(keyOf(tenantId, restaurantId));
}

/** Whether this register prints a receipt for a sale: the last choice made on the device (default print). */
export type ReceiptChoice = 'print' | 'none';
const receiptKeyOf = (deviceId: number) => `brigade-pos-receipt:${deviceId}`;

export function readReceiptChoice(deviceId: number): ReceiptChoice {
  return storage()?.getItem(receiptKeyOf(deviceId)) === 'none' ? 'none' : 'print';
}

export function writeReceiptChoice(deviceId: number, choice: ReceiptChoice): void {
  storage()?.setItem(receiptKeyOf(deviceId), choice);
}
