import { NotFoundScreen } from '@brigade/ui/app-shell/not-found';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes } from 'react-router';

/*
 * ROUTE TABLE of the admin app (BrowserRouter basename "/admin"). Every screen is its own chunk, as in the
 * management app (decision 020): `lazy(() => import('./screens/<folder>/index'))`, default export, no
 * props; a folder with several paths reads useParams() (uid, tenantId).
 *
 * Data: `apiClient.call(endpoint, { params, query, body })` in a useQuery keyed with `adminKeys` (src/queries.ts);
 * forms: useZodForm + <Form> with the fields of src/components (the domain's schemas, so the server's
 * messages); dialogs: Dialog / ConfirmDialog; toasts: useToast().
 */

type Screen = LazyExoticComponent<ComponentType>;

const screen = {
  overview: lazy(() => import('./screens/overview/index')),
  users: lazy(() => import('./screens/users/index')),
  tenants: lazy(() => import('./screens/tenants/index')),
  restaurants: lazy(() => import('./screens/restaurants/index')),
  siteConfig: lazy(() => import('./screens/site-config/index')),
  domains: lazy(() => import('./screens/domains/index')),
  jobs: lazy(() => import('./screens/jobs/index')),
  inbox: lazy(() => import('./screens/inbox/index')),
  outbox: lazy(() => import('./screens/outbox/index')),
} satisfies Record<string, Screen>;

/** Every path of the app (others link to them: keep them stable). */
export const ROUTES: readonly { path: string; screen: Screen }[] = [
  { path: '/', screen: screen.overview },
  { path: '/users', screen: screen.users },
  { path: '/users/:uid', screen: screen.users },
  { path: '/tenants', screen: screen.tenants },
  { path: '/tenants/:tenantId', screen: screen.tenants },
  { path: '/restaurants', screen: screen.restaurants },
  { path: '/site-config', screen: screen.siteConfig },
  { path: '/site-config/:section', screen: screen.siteConfig },
  { path: '/domains', screen: screen.domains },
  { path: '/jobs', screen: screen.jobs },
  { path: '/inbox', screen: screen.inbox },
  { path: '/outbox', screen: screen.outbox },
];

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, screen: Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route
        path="*"
        element={<NotFoundScreen appTitle="site administration" homeLabel="Go to the overview" />}
      />
    </Routes>
  );
}
