import { CHECKOUT_LIMITS, type CheckoutLimits } from '@brigade/domain/ordering/checkout-limits';
import { PLACES_DAILY_SEARCHES } from '@brigade/domain/places';
import { KIOSK_ORDER_LIMIT } from '@brigade/domain/pos/kiosk';
import { z } from 'zod';

/** A count of the checkout's or of Places' limits (a positive whole number). */
const limit = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(fallback);

/**
 * Limits on what outsiders can make the platform spend (issue 42): the public checkout's counts per 15
 * minutes (docs/behaviour/ordering.md#checkout-limits) and each tenant's Places searches a day
 * (docs/behaviour/places.md#quota).
 */
export const limitsEnvironment = {
  PLACES_DAILY_SEARCHES_PER_TENANT: limit(PLACES_DAILY_SEARCHES),
  CHECKOUT_ORDERS_PER_ADDRESS: limit(CHECKOUT_LIMITS.attemptsPerAddress),
  CHECKOUT_ORDERS_PER_RESTAURANT: limit(CHECKOUT_LIMITS.attemptsPerRestaurant),
  CHECKOUT_DECLINES_PER_ADDRESS: limit(CHECKOUT_LIMITS.declinesPerAddress),
  CHECKOUT_DECLINES_PER_RESTAURANT: limit(CHECKOUT_LIMITS.declinesPerRestaurant),
  CHECKOUT_DECLINE_ALERT: limit(CHECKOUT_LIMITS.declineAlert),
  KIOSK_ORDERS_PER_DEVICE: limit(KIOSK_ORDER_LIMIT.ordersPerDevice),
};

type LimitsEnvironment = z.infer<z.ZodObject<typeof limitsEnvironment>>;

export function checkoutLimitsOf(c: LimitsEnvironment): CheckoutLimits {
  return {
    ...CHECKOUT_LIMITS,
    attemptsPerAddress: c.CHECKOUT_ORDERS_PER_ADDRESS,
    attemptsPerRestaurant: c.CHECKOUT_ORDERS_PER_RESTAURANT,
    declinesPerAddress: c.CHECKOUT_DECLINES_PER_ADDRESS,
    declinesPerRestaurant: c.CHECKOUT_DECLINES_PER_RESTAURANT,
    declineAlert: c.CHECKOUT_DECLINE_ALERT,
  };
}
