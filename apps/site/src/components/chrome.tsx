import type { SpecialDay } from '@brigade/domain/hours/special';
import type { Restaurant } from '@brigade/domain/restaurant';
import { socialUrl } from '../format';
import { imageSource } from '../images';
import type { SiteLinks } from '../links';
import { phoneHref, phoneText } from '../markup';
import { closedTodayText } from '../special-hours';

export type NavPage = 'home' | 'menu';

/** The ordering link of the website config (its ordering section), or null when ordering is off. */
export function orderLink(
  restaurant: Restaurant,
  links: SiteLinks,
): { href: string; text: string; external: boolean } | null {
  const ordering = restaurant.websiteConfig.ordering;
  if (!ordering.enabled) return null;
  // The internal provider orders on the site's own ordering page; the others (and custom) go to their URL.
  if (ordering.provider === 'internal' && restaurant.websiteConfig.enabled)
    return { href: links.to('/order'), text: ordering.buttonText, external: false };
  if (ordering.url) return { href: ordering.url, text: ordering.buttonText, external: true };
  return { href: links.to('/menu'), text: ordering.buttonText, external: false };
}

export function SiteHeader(props: {
  restaurant: Restaurant;
  links: SiteLinks;
  current: NavPage;
  /** Today's holiday closure: announced on every page, and no ordering button (decision 030). */
  closure?: SpecialDay | null;
}) {
  const { restaurant, links, current, closure } = props;
  const logo = imageSource(restaurant.websiteConfig.branding.logo);
  const announcement = restaurant.websiteConfig.content.announcement?.trim();
  const order = closure ? null : orderLink(restaurant, links);
  return (
    <>
      {closure ? (
        <aside className="closed-today" aria-label="Opening today">
          <strong>{closedTodayText(closure)}</strong>
        </aside>
      ) : null}
      {announcement ? (
        <aside className="announce" aria-label="Announcement">
          {announcement}
        </aside>
      ) : null}
      <header className="top">
        <div className="wrap">
          <a
            className="brand"
            href={links.to('/')}
            {...(current === 'home' ? { 'aria-current': 'page' } : {})}
          >
            {logo ? <img src={logo.src} alt="" width={36} height={36} /> : null}
            <span>{restaurant.name}</span>
          </a>
          <nav className="nav" aria-label="Main">
            <a href={links.to('/menu')} {...(current === 'menu' ? { 'aria-current': 'page' } : {})}>
              Menu
            </a>
            <a className="hide-sm" href={`${links.to('/')}#visit`}>
              Visit
            </a>
            {order ? (
              <a
                className="btn btn-order"
                href={order.href}
                {...(order.external ? { rel: 'noopener', target: '_blank' } : {})}
              >
                {order.text}
              </a>
            ) : null}
          </nav>
        </div>
      </header>
    </>
  );
}

const NETWORKS = ['instagram', 'facebook', 'twitter', 'tiktok'] as const;
const NETWORK_NAMES = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  tiktok: 'TikTok',
};

export function socialLinks(restaurant: Restaurant): { name: string; href: string }[] {
  const social = restaurant.websiteConfig.social;
  return NETWORKS.flatMap((network) => {
    const href = social[network] ? socialUrl(network, social[network]) : null;
    return href ? [{ name: NETWORK_NAMES[network], href }] : [];
  });
}

export function SiteFooter(props: { restaurant: Restaurant; links: SiteLinks }) {
  const { restaurant, links } = props;
  const { address } = restaurant;
  return (
    <footer className="foot">
      <div className="wrap">
        <p>
          <strong>{restaurant.name}</strong> · {address.street}, {address.city}, {address.state}{' '}
          {address.zipCode}
        </p>
        <p>
          <a href={links.to('/menu')}>Menu</a> ·{' '}
          <a href={phoneHref(restaurant.contact.phone)}>{phoneText(restaurant.contact.phone)}</a>
        </p>
      </div>
    </footer>
  );
}
