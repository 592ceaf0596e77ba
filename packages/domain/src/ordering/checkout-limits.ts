import { z } from 'zod';

/**
 * Limits on the public checkout (docs/behaviour/ordering.md#checkout-limits; decision 041), so that it is
 * neither a card-testing oracle nor a runaway loop's way to place thousands of orders. Counted per client
 * address and per restaurant in the database's throttle table, so every server instance agrees.
 */
export interface CheckoutLimits {
  /** The window every count holds for, from its first event. */
  windowMs: number;
  /** Orders paid for (authorisations asked) from one client address, whatever the restaurant. */
  attemptsPerAddress: number;
  /** Orders paid for at one restaurant, from every address together. */
  attemptsPerRestaurant: number;
  /** Declined cards from one address; over it the address's checkouts are refused (429). */
  declinesPerAddress: number;
  /** Declines from one address answered with the issuer's words; later ones get GENERIC_DECLINE. */
  issuerTextDeclines: number;
  /** Declined cards at one restaurant; over it the restaurant's checkouts are refused (429). */
  declinesPerRestaurant: number;
  /** Declines at one restaurant that raise an alert for its staff (once a window). */
  declineAlert: number;
}

export const CHECKOUT_LIMITS: CheckoutLimits = {
  windowMs: 15 * 60_000,
  attemptsPerAddress: 20,
  attemptsPerRestaurant: 300,
  declinesPerAddress: 5,
  issuerTextDeclines: 2,
  declinesPerRestaurant: 30,
  declineAlert: 10,
};

export const CHECKOUT_ATTEMPTS_LIMITED = 'Too many orders from your connection. Try again later.';
export const CHECKOUT_DECLINES_LIMITED = 'Too many declined cards from your connection. Try again later.';
export const RESTAURANT_ATTEMPTS_LIMITED =
  'This restaurant is receiving too many orders at once. Try again in a few minutes.';
export const RESTAURANT_DECLINES_LIMITED =
  'Online payments at this restaurant are paused for a few minutes after many declined cards. Try again later.';

/** What a guest is told of a decline once their address has had its share of the issuer's words. */
export const GENERIC_DECLINE = 'Your card was declined. Try another card, or contact your bank.';
export const declinedWith = (issuerText: string | null) =>
  `Your card was declined${issuerText ? `: ${issuerText}` : ''}`;

/** A burst of declines, as the orders screen says it. */
export const declineBurstMessage = (declines: number, windowMinutes: number) =>
  `${declines} cards were declined at online checkout within ${windowMinutes} minutes: someone may be ` +
  'testing stolen cards. Checkout pauses by itself if it goes on; check Payments → Transactions.';

export const orderingAlertSchema = z.object({
  alertId: z.number(),
  kind: z.enum(['decline_burst']),
  declines: z.number(),
  windowMinutes: z.number(),
  message: z.string(),
  createdAt: z.date(),
});
export type OrderingAlert = z.infer<typeof orderingAlertSchema>;
