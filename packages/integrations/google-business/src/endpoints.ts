/** Google's endpoints for the Business Profile integration (docs/operations/business-profile.md). */
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_REVOKE_URL = 'https://oauth2.googleapis.com/revoke';
export const ACCOUNT_MANAGEMENT_URL = 'https://mybusinessaccountmanagement.googleapis.com/v1';
export const BUSINESS_INFORMATION_URL = 'https://mybusinessbusinessinformation.googleapis.com/v1';
export const REVIEWS_V4_URL = 'https://mybusiness.googleapis.com/v4';
export const BUSINESS_MANAGE_SCOPE = 'https://www.googleapis.com/auth/business.manage';

export interface GoogleBusinessUrls {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  accountManagementUrl: string;
  businessInformationUrl: string;
  reviewsUrl: string;
}

export const GOOGLE_URLS: GoogleBusinessUrls = {
  authorizeUrl: GOOGLE_AUTHORIZE_URL,
  tokenUrl: GOOGLE_TOKEN_URL,
  revokeUrl: GOOGLE_REVOKE_URL,
  accountManagementUrl: ACCOUNT_MANAGEMENT_URL,
  businessInformationUrl: BUSINESS_INFORMATION_URL,
  reviewsUrl: REVIEWS_V4_URL,
};

/** Every URL under one base: how the emulator serves them all. */
export function urlsUnder(baseUrl: string): GoogleBusinessUrls {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    authorizeUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    accountManagementUrl: `${base}/accountmanagement/v1`,
    businessInformationUrl: `${base}/businessinformation/v1`,
    reviewsUrl: `${base}/v4`,
  };
}
