import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { DashboardSkeleton } from '@brigade/ui/app-shell/dashboard-skeleton';
import { LinkIcon, StoreIcon, UsersIcon } from '@brigade/ui/app-shell/icons';
import { buttonClass } from '@brigade/ui/components/button';
import { Link } from 'react-router';
import { useAllRestaurants, useTenants } from '../../queries';
import { BuildingIcon, PaletteIcon } from '../../shell/icons';

const CARDS = [
  {
    to: '/users',
    title: 'Users',
    icon: UsersIcon,
    text: 'Find people, verify and activate them, make site administrators, assign them to tenants.',
  },
  {
    to: '/tenants',
    title: 'Tenants',
    icon: BuildingIcon,
    text: 'Create organisations, set their plan (and so their restaurant cap) and status.',
  },
  {
    to: '/restaurants',
    title: 'Restaurants',
    icon: StoreIcon,
    text: 'Search restaurants across every tenant, switch them on or off, open them in management.',
  },
  {
    to: '/site-config',
    title: 'Site configuration',
    icon: PaletteIcon,
    text: 'Layout templates, colour schemes, fallback images and texts of every public site, with their history.',
  },
  {
    to: '/domains',
    title: 'Domains',
    icon: LinkIcon,
    text: 'Every custom domain and subdomain: verify, check the hosting provider, move, switch on or off.',
  },
] as const;

/** The admin home: where to go, and how many tenants and restaurants there are. */
export default function OverviewScreen() {
  const tenants = useTenants();
  const restaurants = useAllRestaurants('', 0);
  if (tenants.isPending || restaurants.isPending) return <DashboardSkeleton />;
  const counts: Record<string, string> = {
    '/tenants': `${tenants.data?.length ?? '—'} tenants`,
    '/restaurants': restaurants.data
      ? `${restaurants.data.length}${restaurants.data.length >= 25 ? '+' : ''} restaurants`
      : '—',
  };
  return (
    <>
      <PageHeader
        title="Site administration"
        description="Users, tenants, restaurants, public sites and domains across Brigade."
      />
      <ul className="admin-cards">
        {CARDS.map(({ to, title, icon: Icon, text }) => (
          <li key={to} className="ui-card admin-card">
            <Icon className="admin-card__icon" />
            <h2 className="admin-card__title">{title}</h2>
            {counts[to] && <p className="admin-card__count">{counts[to]}</p>}
            <p className="admin-card__text">{text}</p>
            <Link className={buttonClass('secondary')} to={to}>
              Open {title.toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
