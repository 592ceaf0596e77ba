import type { ResponseOf } from '@brigade/api-client/client';
import type { getExpoBoard, getKitchenBoard } from '@brigade/contracts/ordering';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';

export type KitchenBoard = ResponseOf<typeof getKitchenBoard>['data'];
export type KitchenTicket = KitchenBoard['tickets'][number];
export type ExpoBoard = ResponseOf<typeof getExpoBoard>['data'];
export type ExpoTicket = ExpoBoard['tickets'][number];
export interface BumpAnswer {
  orderId: number;
  number: number;
  status: string;
}

/**
 * Where a kitchen screen gets its data and sends its taps (docs/behaviour/kitchen-display.md): the back
 * office's kitchen pages read the tenant's routes under the staff member's session; a paired kitchen display
 * (apps/kitchen) reads the device routes under its token. The screens themselves are the same.
 */
export interface KitchenData {
  /** The restaurant's clock: pickup times on tickets are read on it. */
  timezone: string | undefined;
  stations: readonly { prepStationId: number; name: string }[] | undefined;
  useBoard: (prepStationId: number) => UseQueryResult<KitchenBoard>;
  useExpo: () => UseQueryResult<ExpoBoard>;
  useBump: (prepStationId: number) => UseMutationResult<BumpAnswer, Error, number>;
  useRecall: (prepStationId: number) => UseMutationResult<BumpAnswer, Error, void>;
  /** The pass hands an order out (the expo's Ready). */
  useReady: (orderId: number) => UseMutationResult<unknown, Error, void>;
  /** Keeps the screen live while it is shown (pushed changes; polling while the push is down). */
  useLive: () => void;
  /** The router paths of the station list, a station's board and the expo. */
  paths: { stations: string; station: (prepStationId: number) => string; expo: string };
  /** Alerts the back office shows above the tickets (tickets a printer did not take). */
  alerts?: ReactNode;
}

export const KitchenDataContext = createContext<KitchenData | null>(null);

export function useKitchenData(): KitchenData {
  const data = useContext(KitchenDataContext);
  if (!data) throw new Error('A kitchen screen needs its KitchenDataContext');
  return data;
}
