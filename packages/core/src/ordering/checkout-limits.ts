import type { Executor } from '@brigade/db/database';
import {
  CHECKOUT_ATTEMPTS_LIMITED,
  CHECKOUT_DECLINES_LIMITED,
  type CheckoutLimits,
  declinedWith,
  GENERIC_DECLINE,
  RESTAURANT_ATTEMPTS_LIMITED,
  RESTAURANT_DECLINES_LIMITED,
} from '@brigade/domain/ordering/checkout-limits';
import { countAttempt, RateLimitedError, reserveAttempt } from '../identity/index';
import { insertOrderingAlert, type RestaurantScope } from './ordering-repository';

/**
 * The checkout's limits (docs/behaviour/ordering.md#checkout-limits; decision 041), kept in the throttle table
 * that sign-in uses (packages/core/src/identity/throttle.ts), so every server instance counts the same:
 * orders paid for and cards declined, per client address and per restaurant.
 */

const keys = (scope: RestaurantScope, address: string) => ({
  address: `checkout-address:${address}`,
  restaurant: `checkout-restaurant:${scope.tenantId}:${scope.restaurantId}`,
  addressDeclines: `checkout-declines-address:${address}`,
  restaurantDeclines: `checkout-declines-restaurant:${scope.tenantId}:${scope.restaurantId}`,
});

/** Refuses (429) an address, then a restaurant, whose declines are over their limit; counts nothing. */
export async function refuseAfterDeclines(
  ex: Executor,
  limits: CheckoutLimits,
  scope: RestaurantScope,
  address: string,
): Promise<void> {
  const key = keys(scope, address);
  const checks = [
    [key.addressDeclines, limits.declinesPerAddress, CHECKOUT_DECLINES_LIMITED],
    [key.restaurantDeclines, limits.declinesPerRestaurant, RESTAURANT_DECLINES_LIMITED],
  ] as const;
  for (const [name, limit, message] of checks) {
    const left = await reserveAttempt(ex, name, limit, limits.windowMs, 0);
    if (!left.granted) throw new RateLimitedError(left.retryAfterSeconds, message);
  }
}

/**
 * Takes one order's attempt for its address and then its restaurant (an address over its limit does not
 * count the restaurant up for everyone), or refuses it with 429 — inside the transaction that writes the
 * order, so a refused attempt leaves no order behind and a repeat of one key counts once.
 */
export async function takeCheckoutAttempt(
  ex: Executor,
  limits: CheckoutLimits,
  scope: RestaurantScope,
  address: string,
): Promise<void> {
  const key = keys(scope, address);
  const checks = [
    [key.address, limits.attemptsPerAddress, CHECKOUT_ATTEMPTS_LIMITED],
    [key.restaurant, limits.attemptsPerRestaurant, RESTAURANT_ATTEMPTS_LIMITED],
  ] as const;
  for (const [name, limit, message] of checks) {
    const taken = await reserveAttempt(ex, name, limit, limits.windowMs);
    if (!taken.granted) throw new RateLimitedError(taken.retryAfterSeconds, message);
  }
}

/**
 * Counts a declined card for its address and restaurant and says what the guest is told: the issuer's words
 * for an address's first few declines, then only that the card was declined (no oracle for card testers).
 * The restaurant's decline that reaches the alert count raises one alert for its staff.
 */
export async function recordDecline(
  ex: Executor,
  limits: CheckoutLimits,
  decline: { scope: RestaurantScope; address: string; issuerText: string | null },
): Promise<string> {
  const { scope, address, issuerText } = decline;
  const key = keys(scope, address);
  const byAddress = await countAttempt(ex, key.addressDeclines, limits.windowMs);
  const byRestaurant = await countAttempt(ex, key.restaurantDeclines, limits.windowMs);
  if (byRestaurant === limits.declineAlert)
    await insertOrderingAlert(ex, {
      ...scope,
      kind: 'decline_burst',
      declines: byRestaurant,
      windowMinutes: Math.round(limits.windowMs / 60_000),
    });
  return byAddress <= limits.issuerTextDeclines ? declinedWith(issuerText) : GENERIC_DECLINE;
}
