import { z } from 'zod';
import { jsonTimestampSchema } from '../json-timestamp';
import { multilineText, text } from '../text';

/**
 * Business-listing connections and their AI reply settings. Tokens are never part
 * of these shapes: they are stored encrypted and never leave the server (decision 023: sealed with SECRETS_KEY).
 */

export const CONNECTION_STATUSES = ['connected', 'disconnected', 'error', 'pending'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export const DEFAULT_CONNECTION_STATUS: ConnectionStatus = 'pending';

export const VERIFICATION_STATES = ['verified', 'unverified', 'pending'] as const;
export const POST_STATES = ['draft', 'live', 'rejected'] as const;
export const LISTING_SYNC_FREQUENCIES = ['realtime', 'hourly', 'daily', 'weekly'] as const;
export const RESPONSE_STYLES = ['professional', 'friendly', 'casual', 'custom'] as const;
export const CALL_TO_ACTION_TYPES = ['book', 'order', 'shop', 'learn_more', 'sign_up', 'call'] as const;

/** The token is refreshed when it expires within 5 minutes. */
export const TOKEN_REFRESH_WINDOW_MS = 5 * 60 * 1000;
/** AI review threshold default 24 (hours). */
export const DEFAULT_REVIEW_THRESHOLD_HOURS = 24;
/** Page sizes. */
export const LOCATIONS_PAGE_SIZE = { min: 1, max: 100 } as const;
export const ACCOUNTS_PAGE_SIZE = { min: 1, max: 20 } as const;
export const BUSINESS_DESCRIPTION_MAX_LENGTH = 750;
export const POST_CONTENT_MAX_LENGTH = 1500;
/** The locations call's default readMask. */
export const DEFAULT_LOCATION_READ_MASK =
  'name,title,storefrontAddress,phoneNumbers,categories,latlng,openInfo,metadata';
/** The longest review threshold: a year of hours (a bound of ours; the spec gives only the default). */
export const MAX_REVIEW_THRESHOLD_HOURS = 8760;
export const REVIEW_THRESHOLD_MESSAGE = `Review threshold must be between 0 and ${MAX_REVIEW_THRESHOLD_HOURS} hours`;
export const CUSTOM_TONE_REQUIRED_MESSAGE = 'Custom tone is required when using custom response style';

/** An account id is prefixed 'accounts/' when missing. */
export const accountResourceName = (accountId: string): string =>
  accountId.startsWith('accounts/') ? accountId : `accounts/${accountId}`;

/** A location id is prefixed 'locations/' when missing (Business Information API resource names). */
export const locationResourceName = (locationId: string): string =>
  locationId.startsWith('locations/') ? locationId : `locations/${locationId}`;

type TokenTimes = { tokenExpiresAt?: Date | null };

export function isTokenExpired(connection: TokenTimes, now: Date): boolean {
  const expiresAt = connection.tokenExpiresAt;
  return expiresAt == null || expiresAt.getTime() <= now.getTime();
}

/** The token needs refresh when it expires within 5 minutes (or has expired, or its expiry is unknown). */
export function tokenNeedsRefresh(connection: TokenTimes, now: Date): boolean {
  const expiresAt = connection.tokenExpiresAt;
  return expiresAt == null || expiresAt.getTime() - now.getTime() <= TOKEN_REFRESH_WINDOW_MS;
}

/** A connection counts as connected only while its status is connected and its token has not expired. */
export function isConnectionConnected(
  connection: TokenTimes & { status: ConnectionStatus },
  now: Date,
): boolean {
  return connection.status === 'connected' && !isTokenExpired(connection, now);
}

/** A connection as the API answers it: no token values, ever. */
export const connectionSchema = z.object({
  connectionId: z.string(),
  tenantGuid: z.uuid(),
  restaurantGuid: z.uuid(),
  accountId: z.string().nullable(),
  locationId: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  tokenExpiresAt: jsonTimestampSchema.nullable(),
  connectedAt: jsonTimestampSchema.nullable(),
  lastSyncAt: jsonTimestampSchema.nullable(),
  createdAt: jsonTimestampSchema,
  updatedAt: jsonTimestampSchema,
});
export type Connection = z.infer<typeof connectionSchema>;

const ratingKey = z.enum(['1', '2', '3', '4', '5']);

/** The AI config, with its defaults and the custom-tone rule. */
export const aiConfigSchema = z
  .object({
    isEnabled: z.boolean().default(false),
    responseStyle: z.enum(RESPONSE_STYLES).default('professional'),
    customTone: multilineText().max(1000).optional(),
    autoRespondToRatings: z.array(z.number().int().min(1).max(5)).default([1, 2, 3, 4, 5]),
    responseTemplates: z.partialRecord(ratingKey, multilineText().max(4096)).default({}),
    includeBusinessInfo: z.boolean().default(true),
    reviewThreshold: z
      .number({ error: REVIEW_THRESHOLD_MESSAGE })
      .int(REVIEW_THRESHOLD_MESSAGE)
      .min(0, REVIEW_THRESHOLD_MESSAGE)
      .max(MAX_REVIEW_THRESHOLD_HOURS, REVIEW_THRESHOLD_MESSAGE)
      .default(DEFAULT_REVIEW_THRESHOLD_HOURS),
  })
  .superRefine((config, ctx) => {
    if (config.responseStyle === 'custom' && !config.customTone?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['customTone'], message: CUSTOM_TONE_REQUIRED_MESSAGE });
    }
  });
export type AiConfig = z.infer<typeof aiConfigSchema>;

/** The OAuth callback body. */
export const oauthCallbackBodySchema = z.strictObject({
  code: text().trim().min(1, 'code is required').max(2048),
  state: text().trim().min(1, 'state is required').max(2048),
});
