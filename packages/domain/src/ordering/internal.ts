import type { Restaurant } from '../restaurant';

/**
 * Does the restaurant take orders through Brigade itself (its website config: ordering enabled with
 * the `internal` provider, on a site that is switched on, for an active restaurant)? Other providers link
 * out to their URL instead.
 */
export const ordersInternally = (restaurant: Pick<Restaurant, 'websiteConfig' | 'status'>): boolean =>
  restaurant.status === 'active' &&
  restaurant.websiteConfig.enabled &&
  restaurant.websiteConfig.ordering.enabled &&
  restaurant.websiteConfig.ordering.provider === 'internal';
