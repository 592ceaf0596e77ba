import { useRestaurantRecord } from '../screens/restaurant/queries';

/** The restaurant's currency code (settings.currency); USD until it is known. */
export function useMoneyCurrency(): string {
  return useRestaurantRecord().data?.settings.currency ?? 'USD';
}
