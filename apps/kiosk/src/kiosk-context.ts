import { createContext, type Dispatch, useContext } from 'react';
import type { Cart, CartAction } from './cart';
import type { StoredKiosk } from './device-store';
import type { Item, MenuData } from './queries';

export interface KioskContextValue {
  kiosk: StoredKiosk;
  menu: MenuData | undefined;
  items: ReadonlyMap<number, Item>;
  cart: Cart;
  dispatch: Dispatch<CartAction>;
  money: (cents: number) => string;
  /** Controls in the lower part of the screen, within reach from a wheelchair or for a child. */
  reach: boolean;
  toggleReach: () => void;
  startOver: () => void;
  /** An order is on its way (the card terminal may wait minutes): the inactivity timer pauses meanwhile. */
  setBusy: (busy: boolean) => void;
}

export const KioskContext = createContext<KioskContextValue | null>(null);

export function useKiosk(): KioskContextValue {
  const value = useContext(KioskContext);
  if (!value) throw new Error('useKiosk outside the kiosk');
  return value;
}
