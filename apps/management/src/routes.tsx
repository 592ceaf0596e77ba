import { NotFoundScreen } from '@brigade/ui/app-shell/not-found';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes } from 'react-router';

/*
 * ROUTE TABLE of the management app (BrowserRouter basename "/manage"). Every screen is its own chunk:
 * `lazy(() => import('./screens/<folder>/index'))`, default export, no props. A screen whose folder
 * has several paths (items: /items, /items/new, /items/:itemId) gets every one of them here and reads
 * useParams() (itemId, menuGroupId, modifierGroupId) — "new" is matched before ":itemId".
 *
 * HOW A SCREEN USES THE SHARED PARTS (src/components/README.md has the details):
 *   - the restaurant: `useCurrentRestaurant()` (src/restaurant-context.ts); roles: `useCan(endpoint)`
 *     hides or disables what the role may not do (catalogue writes need a manager, decision 008).
 *   - layout: `<PageHeader title description actions />`, then content; lists use `<DataTable>` (search,
 *     loading skeleton, empty and error states, responsive cards on phones).
 *   - data: `useCatalogueList(KIND)`, `useCatalogueRecord(KIND, id)`, `useCatalogueMutations(KIND)`
 *     (src/components/catalogue-queries.ts): query keys from src/components/query-keys.ts; every mutation
 *     invalidates its kind's lists and the menu-group lists. Other endpoints: `apiClient.call`
 *     in a `useQuery` keyed with `restaurantKey(restaurantId, ...)`.
 *   - forms: `const form = useZodForm(schema, { defaultValues })` (the domain's zod schema: same messages as
 *     the server; `useNormalisedForm` when the schema normalises the form's own values, as the catalogue
 *     editors do), `<Form form={form} onSubmit={...}>` (@brigade/ui/app-kit/form) with `<TextField name>`,
 *     `<NumberField>`, `<MoneyField>`, `<TextareaField>`, `<TimeField>`, `<DateField>`, `<ColorField>`
 *     (form-fields.tsx), `<SelectField>`, `<CheckboxField>`, `<SwitchField>`, `<RadioGroupField>`,
 *     `<MultiSelectField>` (choice-fields.tsx); on a failed mutation `applyServerErrors(error, form)` puts
 *     the problem's errors[] on the fields and returns what is left for a <FormError>.
 *   - dialogs: `Dialog` (@brigade/ui/components/dialog), `ConfirmDialog` (@brigade/ui/app-kit/confirm-dialog);
 *     toasts: `useToast().success('Saved')` (@brigade/ui/app-kit/toast).
 */

type Screen = LazyExoticComponent<ComponentType>;

const screen = {
  dashboard: lazy(() => import('./screens/dashboard/index')),
  menus: lazy(() => import('./screens/menus/index')),
  catalogueTransfer: lazy(() => import('./screens/catalogue-transfer/index')),
  items: lazy(() => import('./screens/items/index')),
  modifierGroups: lazy(() => import('./screens/modifier-groups/index')),
  courses: lazy(() => import('./screens/courses/index')),
  tags: lazy(() => import('./screens/tags/index')),
  prepStations: lazy(() => import('./screens/prep-stations/index')),
  printers: lazy(() => import('./screens/printers/index')),
  cashDrawers: lazy(() => import('./screens/cash-drawers/index')),
  posDevices: lazy(() => import('./screens/pos-devices/index')),
  floorPlan: lazy(() => import('./screens/floor-plan/index')),
  taxRates: lazy(() => import('./screens/tax-rates/index')),
  salesCategories: lazy(() => import('./screens/sales-categories/index')),
  jobTitles: lazy(() => import('./screens/job-titles/index')),
  employees: lazy(() => import('./screens/employees/index')),
  restaurant: lazy(() => import('./screens/restaurant/index')),
  website: lazy(() => import('./screens/website/index')),
  domains: lazy(() => import('./screens/domains/index')),
  googlePlaces: lazy(() => import('./screens/google-places/index')),
  googleBusiness: lazy(() => import('./screens/google-business/index')),
  googlePosts: lazy(() => import('./screens/google-posts/index')),
  reviews: lazy(() => import('./screens/reviews/index')),
  auditLog: lazy(() => import('./screens/audit-log/index')),
  paymentTerminal: lazy(() => import('./screens/payment-terminal/index')),
  paymentTransactions: lazy(() => import('./screens/payment-transactions/index')),
  paymentFunding: lazy(() => import('./screens/payment-funding/index')),
  paymentProfiles: lazy(() => import('./screens/payment-profiles/index')),
  paymentSettings: lazy(() => import('./screens/payment-settings/index')),
  orders: lazy(() => import('./screens/orders/index')),
  kitchen: lazy(() => import('./screens/kitchen/index')),
  team: lazy(() => import('./screens/team/index')),
  reports: lazy(() => import('./screens/reports/index')),
  funnel: lazy(() => import('./screens/reports/funnel-route')),
  closeOut: lazy(() => import('./screens/close-out/index')),
  timesheets: lazy(() => import('./screens/timesheets/index')),
  tips: lazy(() => import('./screens/tips/index')),
  myPasscode: lazy(() => import('./screens/my-passcode/index')),
  reconciliation: lazy(() => import('./screens/reconciliation/index')),
} satisfies Record<string, Screen>;

/** Every path of the app (others link to them: keep them stable). */
export const ROUTES: readonly { path: string; screen: Screen }[] = [
  { path: '/', screen: screen.dashboard },
  { path: '/menus', screen: screen.menus },
  { path: '/menus/:menuGroupId', screen: screen.menus },
  { path: '/catalogue-transfer', screen: screen.catalogueTransfer },
  { path: '/items', screen: screen.items },
  { path: '/items/new', screen: screen.items },
  { path: '/items/:itemId', screen: screen.items },
  { path: '/modifier-groups', screen: screen.modifierGroups },
  { path: '/modifier-groups/new', screen: screen.modifierGroups },
  { path: '/modifier-groups/:modifierGroupId', screen: screen.modifierGroups },
  { path: '/courses', screen: screen.courses },
  { path: '/tags', screen: screen.tags },
  { path: '/prep-stations', screen: screen.prepStations },
  { path: '/printers', screen: screen.printers },
  { path: '/cash-drawers', screen: screen.cashDrawers },
  { path: '/pos-devices', screen: screen.posDevices },
  { path: '/floor-plan', screen: screen.floorPlan },
  { path: '/tax-rates', screen: screen.taxRates },
  { path: '/sales-categories', screen: screen.salesCategories },
  { path: '/job-titles', screen: screen.jobTitles },
  { path: '/employees', screen: screen.employees },
  { path: '/restaurant', screen: screen.restaurant },
  { path: '/website', screen: screen.website },
  { path: '/domains', screen: screen.domains },
  { path: '/google-places', screen: screen.googlePlaces },
  { path: '/google-business', screen: screen.googleBusiness },
  { path: '/google-business/callback', screen: screen.googleBusiness },
  { path: '/google-business/posts', screen: screen.googlePosts },
  { path: '/reviews', screen: screen.reviews },
  { path: '/reviews/:reviewId', screen: screen.reviews },
  { path: '/audit-log', screen: screen.auditLog },
  { path: '/payments/terminal', screen: screen.paymentTerminal },
  { path: '/payments/transactions', screen: screen.paymentTransactions },
  { path: '/payments/transactions/:transactionId', screen: screen.paymentTransactions },
  { path: '/payments/funding', screen: screen.paymentFunding },
  { path: '/payments/profiles', screen: screen.paymentProfiles },
  { path: '/payments/settings', screen: screen.paymentSettings },
  { path: '/orders', screen: screen.orders },
  { path: '/orders/:orderId', screen: screen.orders },
  { path: '/kitchen', screen: screen.kitchen },
  { path: '/kitchen/:stationId', screen: screen.kitchen },
  { path: '/team', screen: screen.team },
  { path: '/reports', screen: screen.reports },
  { path: '/reports/close-out', screen: screen.closeOut },
  { path: '/reports/funnel', screen: screen.funnel },
  { path: '/reports/timesheets', screen: screen.timesheets },
  { path: '/reports/tips', screen: screen.tips },
  { path: '/my-passcode', screen: screen.myPasscode },
  { path: '/reports/reconciliation', screen: screen.reconciliation },
];

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, screen: Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="*" element={<NotFoundScreen appTitle="management" homeLabel="Go to the dashboard" />} />
    </Routes>
  );
}
