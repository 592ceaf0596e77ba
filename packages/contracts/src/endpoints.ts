import * as adminDomains from './admin-domains';
import * as adminJobs from './admin-jobs';
import * as adminMessages from './admin-messages';
import * as adminUsers from './admin-users';
import * as auditLog from './audit-log';
import * as auth from './auth';
import * as businessListing from './business-listing';
import * as businessListingAi from './business-listing-ai';
import * as businessListingPosts from './business-listing-posts';
import * as businessListingProfile from './business-listing-profile';
import * as businessListingReviews from './business-listing-reviews';
import { CATALOGUE_ENDPOINTS } from './catalogue';
import * as catalogueTransfer from './catalogue-transfer';
import * as domains from './domains';
import type { Endpoint } from './endpoint';
import * as hosting from './hosting';
import * as images from './images';
import * as invitations from './invitations';
import * as itemBulk from './item-bulk';
import * as kiosk from './kiosk';
import * as kitchenDisplay from './kitchen-display';
import * as me from './me';
import * as menuShares from './menu-shares';
import * as menus from './menus';
import { getApiInfo } from './meta';
import * as ordering from './ordering';
import * as paymentProfiles from './payment-profiles';
import * as payments from './payments';
import * as placeLink from './place-link';
import * as places from './places';
import * as pos from './pos';
import * as posCheckSplits from './pos-check-splits';
import * as posChecks from './pos-checks';
import * as printing from './printing';
import * as qr from './qr';
import * as reports from './reports';
import * as restaurants from './restaurants';
import * as siteConfig from './site-config';
import * as staff from './staff';
import * as tenantUsers from './tenant-users';
import * as tenants from './tenants';
import * as websitePreview from './website-preview';

const endpointsOf = (module: Record<string, unknown>): Endpoint[] =>
  Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'method' in value && 'access' in value,
  );

/** Every endpoint of the API. The server refuses to start if one lacks an implementation. */
export const ENDPOINTS: readonly Endpoint[] = [
  getApiInfo,
  ...endpointsOf(auth),
  ...endpointsOf(me),
  ...endpointsOf(adminUsers),
  ...endpointsOf(tenants),
  ...endpointsOf(tenantUsers),
  ...endpointsOf(invitations),
  ...endpointsOf(restaurants),
  ...endpointsOf(siteConfig),
  ...endpointsOf(websitePreview),
  ...CATALOGUE_ENDPOINTS,
  ...endpointsOf(itemBulk),
  ...endpointsOf(catalogueTransfer),
  ...endpointsOf(menuShares),
  ...endpointsOf(menus),
  ...endpointsOf(domains),
  ...endpointsOf(adminDomains),
  ...endpointsOf(adminJobs),
  ...endpointsOf(adminMessages),
  ...endpointsOf(hosting),
  ...endpointsOf(images),
  ...endpointsOf(qr),
  ...endpointsOf(auditLog),
  ...endpointsOf(reports),
  ...endpointsOf(pos),
  ...endpointsOf(posChecks),
  ...endpointsOf(posCheckSplits),
  ...endpointsOf(kiosk),
  ...endpointsOf(kitchenDisplay),
  ...endpointsOf(printing),
  ...endpointsOf(staff),
  ...endpointsOf(payments),
  ...endpointsOf(paymentProfiles),
  ...endpointsOf(ordering),
  ...endpointsOf(places),
  ...endpointsOf(placeLink),
  ...endpointsOf(businessListing),
  ...endpointsOf(businessListingReviews),
  ...endpointsOf(businessListingProfile),
  ...endpointsOf(businessListingAi),
  ...endpointsOf(businessListingPosts),
];
