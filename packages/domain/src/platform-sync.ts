import { z } from 'zod';
import { BrigadeError } from './errors';
import { optimizedImageSchema } from './images';
import { jsonTimestampSchema } from './json-timestamp';
import { authorAttributionSchema, PLACE_IMPORT_FIELDS, PLACES_MAX_IMPORTED_PHOTOS } from './places';
import { multilineText, requiredText, text } from './text';

/**
 * A restaurant's links to outside listing platforms (its platform sync), stored as a
 * JSONB document. Credentials are not kept here in the clear: secrets are encrypted at rest (decision 023), so
 * `tokens` holds only opaque values (ciphertext or a reference) that this package never interprets.
 */

export const SYNC_FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;
export const SYNC_STATUSES = ['idle', 'syncing', 'error', 'completed', 'connected'] as const;
export const RESPONSE_LENGTHS = ['short', 'medium', 'long'] as const;

const timestampSchema = jsonTimestampSchema;

export const aiReplyConfigSchema = z.object({
  enabled: z.boolean().default(false),
  responseStyle: multilineText().optional(),
  // Replies are never posted on their own unless someone opts in.
  autoReply: z.boolean().default(false),
  responseLength: z.enum(RESPONSE_LENGTHS).default('medium'),
  includeBusinessName: z.boolean().default(true),
  // minimumRating 1-5
  minimumRating: z
    .number()
    .int('Minimum rating must be a whole number')
    .min(1, 'Minimum rating must be between 1 and 5')
    .max(5, 'Minimum rating must be between 1 and 5')
    .optional(),
  // The spec gives no unit; hours is what the reply tooling assumes.
  maxResponseTime: z.number().positive().optional(),
  businessVoice: multilineText().optional(),
});

export const platformTokensSchema = z.object({
  accessToken: text().optional(),
  refreshToken: text().optional(),
  expiresAt: timestampSchema.optional(),
});

/** Each platform entry. */
export const platformEntrySchema = z.object({
  enabled: z.boolean().default(false),
  connectionId: text().optional(),
  accountId: text().optional(),
  locationId: text().optional(),
  tokens: platformTokensSchema.optional(),
  syncStatus: z.enum(SYNC_STATUSES).default('idle'),
  lastSync: timestampSchema.optional(),
  lastError: multilineText().optional(),
  aiReplyConfig: aiReplyConfigSchema.optional(),
});

/** A photo imported from the linked place (issue 18): the stored image, and its authors as Google requires. */
export const importedPlacePhotoSchema = z.object({
  /** The place photo it came from (`places/{id}/photos/{ref}`). */
  name: text(),
  image: optimizedImageSchema,
  authorAttributions: z.array(authorAttributionSchema),
});
export type ImportedPlacePhoto = z.infer<typeof importedPlacePhotoSchema>;

/** The restaurant-level Google Places link. */
export const googlePlacesEntrySchema = platformEntrySchema.extend({
  placeId: text().min(1).optional(),
  placeName: text().optional(),
  placeAddress: text().optional(),
  connectedAt: timestampSchema.optional(),
  lastSyncAt: timestampSchema.optional(),
  syncEnabled: z.boolean().default(false),
  autoSync: z.boolean().default(false),
  /**
   * What the last sync found different between the place and the restaurant (issue 18: shown before anything
   * is overwritten; an import writes them). Empty when they agree.
   */
  pendingChanges: z.array(z.enum(PLACE_IMPORT_FIELDS)).optional(),
  /** Photos imported from the place (at most 10), each with its authorAttributions. */
  photos: z.array(importedPlacePhotoSchema).max(PLACES_MAX_IMPORTED_PHOTOS).optional(),
});

// Other platforms are left empty, so every entry is optional and absent until connected.
export const platformsSchema = z.object({
  googleMyBusiness: platformEntrySchema.optional(),
  googlePlaces: googlePlacesEntrySchema.optional(),
  yelp: platformEntrySchema.optional(),
  facebook: platformEntrySchema.optional(),
  instagram: platformEntrySchema.optional(),
  appleMaps: platformEntrySchema.optional(),
  doordash: platformEntrySchema.optional(),
  ubereats: platformEntrySchema.optional(),
});

export const platformSyncSchema = z.object({
  enabled: z.boolean().default(false),
  autoSync: z.boolean().default(false),
  // Sync frequency: daily by default
  syncFrequency: z.enum(SYNC_FREQUENCIES).default('daily'),
  platforms: platformsSchema.prefault({}),
});

export type AiReplyConfig = z.infer<typeof aiReplyConfigSchema>;
export type PlatformTokens = z.infer<typeof platformTokensSchema>;
export type PlatformEntry = z.infer<typeof platformEntrySchema>;
export type GooglePlacesEntry = z.infer<typeof googlePlacesEntrySchema>;
export type Platforms = z.infer<typeof platformsSchema>;
export type PlatformSync = z.infer<typeof platformSyncSchema>;
export type PlatformSyncInput = z.input<typeof platformSyncSchema>;

// Connection creation: placeId, placeName and placeAddress non-empty.

/** What connecting or syncing needs to know about a place. */
export const placeSummarySchema = z.object({
  placeId: requiredText('Place ID is required'),
  placeName: requiredText('Place name is required'),
  placeAddress: requiredText('Place address is required'),
});
export type PlaceSummary = z.infer<typeof placeSummarySchema>;

/** The platform sync a new restaurant starts with: nothing connected. */
export function defaultPlatformSync(): PlatformSync {
  return platformSyncSchema.parse({});
}

/**
 * Google Place link: connecting sets enabled and syncEnabled true and autoSync false, and stamps
 * connectedAt. The status becomes `connected` and an earlier error is cleared; the AI reply settings and
 * identifiers of an earlier link are kept, but its last sync time only when the place is the same one.
 */
export function connectPlace(sync: PlatformSync, place: PlaceSummary, now: Date): PlatformSync {
  const previous = sync.platforms.googlePlaces;
  const { lastError: _lastError, lastSyncAt, ...kept } = previous ?? googlePlacesEntrySchema.parse({});
  const samePlace = previous?.placeId === place.placeId;
  return {
    ...sync,
    platforms: {
      ...sync.platforms,
      googlePlaces: {
        ...kept,
        ...(samePlace && lastSyncAt ? { lastSyncAt } : {}),
        enabled: true,
        placeId: place.placeId,
        placeName: place.placeName,
        placeAddress: place.placeAddress,
        connectedAt: now,
        syncEnabled: true,
        autoSync: false,
        syncStatus: 'connected',
      },
    },
  };
}

/**
 * A later sync refreshes name, address and lastSyncAt and keeps connectedAt, backfilling it with
 * the sync time on links made before it was recorded. Syncing details of a place other than the linked one
 * is a caller error.
 */
export function applyPlaceSync(sync: PlatformSync, place: PlaceSummary, now: Date): PlatformSync {
  const entry = sync.platforms.googlePlaces;
  if (!entry?.placeId) {
    throw new BrigadeError(
      'conflict',
      'PLACE_NOT_CONNECTED',
      'No Google Place is connected to this restaurant',
    );
  }
  if (entry.placeId !== place.placeId) {
    throw new BrigadeError(
      'conflict',
      'PLACE_MISMATCH',
      `Place ${place.placeId} is not the connected place ${entry.placeId}`,
    );
  }
  const { lastError: _lastError, ...kept } = entry;
  return {
    ...sync,
    platforms: {
      ...sync.platforms,
      googlePlaces: {
        ...kept,
        placeName: place.placeName,
        placeAddress: place.placeAddress,
        lastSyncAt: now,
        connectedAt: entry.connectedAt ?? now,
        syncStatus: 'completed',
      },
    },
  };
}

/**
 * Unlinking (issue 18): the place, its name, address, times, pending changes and imported photos leave the
 * link; enabled, syncEnabled and autoSync turn off and the status goes back to idle. The AI reply settings
 * and identifiers stay, as connecting keeps them. What an import copied into the restaurant (hours, phone,
 * address) is the restaurant's own data by then and stays. Unlinking a restaurant with no place is a conflict.
 */
export function disconnectPlace(sync: PlatformSync): PlatformSync {
  const entry = sync.platforms.googlePlaces;
  if (!entry?.placeId) {
    throw new BrigadeError(
      'conflict',
      'PLACE_NOT_CONNECTED',
      'No Google Place is connected to this restaurant',
    );
  }
  const {
    placeId: _placeId,
    placeName: _placeName,
    placeAddress: _placeAddress,
    connectedAt: _connectedAt,
    lastSyncAt: _lastSyncAt,
    pendingChanges: _pendingChanges,
    photos: _photos,
    lastError: _lastError,
    ...kept
  } = entry;
  return {
    ...sync,
    platforms: {
      ...sync.platforms,
      googlePlaces: { ...kept, enabled: false, syncEnabled: false, autoSync: false, syncStatus: 'idle' },
    },
  };
}

/**
 * Restaurant update: connectedAt and lastSyncAt become server timestamps. A platform sync document
 * sent by a client keeps the stored times (a client can neither set nor clear them); a time the client sends
 * where none is stored becomes `now`, the server's time.
 */
export function withServerTimestamps(sent: PlatformSync, stored: PlatformSync, now: Date): PlatformSync {
  const places = sent.platforms.googlePlaces;
  if (!places) return sent;
  const before = stored.platforms.googlePlaces;
  const serverTime = (key: 'connectedAt' | 'lastSyncAt') =>
    before?.[key] ?? (places[key] === undefined ? undefined : now);
  const { connectedAt: _c, lastSyncAt: _l, ...rest } = places;
  const connectedAt = serverTime('connectedAt');
  const lastSyncAt = serverTime('lastSyncAt');
  return {
    ...sent,
    platforms: {
      ...sent.platforms,
      googlePlaces: {
        ...rest,
        ...(connectedAt ? { connectedAt } : {}),
        ...(lastSyncAt ? { lastSyncAt } : {}),
      },
    },
  };
}

/** The reply settings kept on the restaurant (aiReplyConfig) beside the connection's AI config. */
export const aiReplySettingsSchema = z.strictObject({
  responseLength: z.enum(RESPONSE_LENGTHS).optional(),
  includeBusinessName: z.boolean().optional(),
  autoReply: z.boolean().optional(),
});
export type AiReplySettings = z.infer<typeof aiReplySettingsSchema>;

/**
 * The restaurant's platform sync with the Google Business Profile reply settings changed: only `enabled` and
 * the given fields; everything else in the entry (sync status, last sync, errors) and the other platforms
 * stay as stored. Saved in the AI config's transaction, so a sync finishing meanwhile is not overwritten.
 */
export function withAiReplySettings(
  sync: PlatformSync,
  enabled: boolean,
  settings: AiReplySettings,
): PlatformSync {
  const entry = sync.platforms.googleMyBusiness;
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const aiReplyConfig = aiReplyConfigSchema.parse({ ...entry?.aiReplyConfig, ...given, enabled });
  const base = entry ?? platformEntrySchema.parse({ enabled: true });
  return {
    ...sync,
    platforms: { ...sync.platforms, googleMyBusiness: { ...base, aiReplyConfig } },
  };
}
