import type { SiteLinks } from '../links';
import type { SiteData } from '../load';
import { phoneHref, phoneText } from '../markup';
import { SiteFooter, SiteHeader } from './chrome';

export const ORDERING_TEXTS = {
  title: (restaurant: string) => `Order online - ${restaurant}`,
  orderTitle: (restaurant: string) => `Your order - ${restaurant}`,
  loading: 'Loading the menu…',
  loadingOrder: 'Loading your order…',
  needsScript: 'Ordering online needs JavaScript.',
} as const;

/**
 * The ordering pages (docs/behaviour/ordering.md): `/order` (the menu to order from, the cart and checkout)
 * and `/order/{token}` (an order's confirmation, live). The server sends the frame and a readable fallback;
 * the ordering script (apps/site/ordering) mounts in #brigade-order and does the rest.
 */
export function OrderingPage({
  data,
  links,
  mode,
}: {
  data: SiteData;
  links: SiteLinks;
  mode: 'order' | 'confirmation';
}) {
  const { restaurant } = data;
  return (
    <>
      <SiteHeader restaurant={restaurant} links={links} current="menu" closure={data.closure} />
      <main id="main" className="wrap">
        <div
          id="brigade-order"
          data-mode={mode}
          data-slug={restaurant.slug}
          data-base={links.to('/')}
          data-currency={data.currency}
          data-timezone={data.timezone}
          data-restaurant={restaurant.name}
        >
          <p className="muted" role="status">
            {mode === 'order' ? ORDERING_TEXTS.loading : ORDERING_TEXTS.loadingOrder}
          </p>
          <noscript>
            <p>
              {ORDERING_TEXTS.needsScript} <a href={links.to('/menu')}>See the menu</a>
              {restaurant.contact.phone ? (
                <>
                  {' '}
                  or call{' '}
                  <a href={phoneHref(restaurant.contact.phone)}>{phoneText(restaurant.contact.phone)}</a>
                </>
              ) : null}
              .
            </p>
          </noscript>
        </div>
      </main>
      <SiteFooter restaurant={restaurant} links={links} />
    </>
  );
}
