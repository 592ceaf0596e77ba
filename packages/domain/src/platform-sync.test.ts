import { describe, expect, it } from 'vitest';
import { isBrigadeError } from './errors';
import {
  applyPlaceSync,
  connectPlace,
  defaultPlatformSync,
  disconnectPlace,
  type PlatformSync,
  platformSyncSchema,
  withServerTimestamps,
} from './platform-sync';

const place = { placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4', placeName: 'Bella Vista', placeAddress: '1 Main St' };
const connectedAt = new Date('2024-03-01T12:00:00Z');
const later = new Date('2024-03-02T08:30:00Z');

describe('platformSyncSchema', () => {
  it('defaults to disabled, daily, with no platform connected', () => {
    expect(defaultPlatformSync()).toEqual({
      enabled: false,
      autoSync: false,
      syncFrequency: 'daily',
      platforms: {},
    });
  });

  it('accepts only hourly, daily and weekly', () => {
    expect(platformSyncSchema.parse({ syncFrequency: 'weekly' }).syncFrequency).toBe('weekly');
    expect(platformSyncSchema.safeParse({ syncFrequency: 'monthly' }).success).toBe(false);
  });

  it('fills platform entry defaults', () => {
    const sync = platformSyncSchema.parse({ platforms: { yelp: {} } });
    expect(sync.platforms.yelp).toEqual({ enabled: false, syncStatus: 'idle' });
    expect(sync.platforms.facebook).toBeUndefined();
  });

  it('reads back timestamps that JSONB turned into strings', () => {
    const stored = JSON.parse(JSON.stringify(connectPlace(defaultPlatformSync(), place, connectedAt)));
    const sync = platformSyncSchema.parse(stored);
    expect(sync.platforms.googlePlaces?.connectedAt).toEqual(connectedAt);
    expect(sync.platforms.googlePlaces?.connectedAt).toBeInstanceOf(Date);
  });

  it('keeps the AI reply minimum rating within 1-5', () => {
    const withRating = (minimumRating: number) =>
      platformSyncSchema.safeParse({ platforms: { googleMyBusiness: { aiReplyConfig: { minimumRating } } } });
    expect(withRating(4).success).toBe(true);
    expect(withRating(0).error?.issues[0]?.message).toBe('Minimum rating must be between 1 and 5');
    expect(withRating(6).error?.issues[0]?.message).toBe('Minimum rating must be between 1 and 5');
  });

  it('accepts only the listed sync statuses and response lengths', () => {
    const entry = { syncStatus: 'connected', aiReplyConfig: { responseLength: 'long' } };
    expect(platformSyncSchema.safeParse({ platforms: { yelp: entry } }).success).toBe(true);
    expect(platformSyncSchema.safeParse({ platforms: { yelp: { syncStatus: 'paused' } } }).success).toBe(
      false,
    );
    const tooWordy = { aiReplyConfig: { responseLength: 'essay' } };
    expect(platformSyncSchema.safeParse({ platforms: { yelp: tooWordy } }).success).toBe(false);
  });
});

describe('connectPlace', () => {
  it('enables the link and sync, turns autoSync off and stamps connectedAt', () => {
    const sync = connectPlace(defaultPlatformSync(), place, connectedAt);
    expect(sync.platforms.googlePlaces).toEqual({
      enabled: true,
      placeId: place.placeId,
      placeName: 'Bella Vista',
      placeAddress: '1 Main St',
      connectedAt,
      syncEnabled: true,
      autoSync: false,
      syncStatus: 'connected',
    });
  });

  it('turns autoSync off even when an earlier link had it on, and leaves other platforms alone', () => {
    const before: PlatformSync = platformSyncSchema.parse({
      platforms: { googlePlaces: { autoSync: true, lastError: 'quota' }, yelp: { enabled: true } },
    });
    const sync = connectPlace(before, place, connectedAt);
    expect(sync.platforms.googlePlaces?.autoSync).toBe(false);
    expect(sync.platforms.googlePlaces?.lastError).toBeUndefined();
    expect(sync.platforms.yelp).toEqual(before.platforms.yelp);
    expect(before.platforms.googlePlaces?.autoSync).toBe(true);
  });
});

describe('applyPlaceSync', () => {
  it('refreshes name, address and lastSyncAt and keeps connectedAt', () => {
    const connected = connectPlace(defaultPlatformSync(), place, connectedAt);
    const sync = applyPlaceSync(
      connected,
      { ...place, placeName: 'Bella Vista Trattoria', placeAddress: '2 Main St' },
      later,
    );
    expect(sync.platforms.googlePlaces).toMatchObject({
      placeName: 'Bella Vista Trattoria',
      placeAddress: '2 Main St',
      lastSyncAt: later,
      connectedAt,
      enabled: true,
      syncEnabled: true,
    });
  });

  it('backfills connectedAt with the sync time on a link that never recorded it', () => {
    const legacy = platformSyncSchema.parse({
      platforms: { googlePlaces: { enabled: true, placeId: place.placeId, placeName: 'Old name' } },
    });
    const sync = applyPlaceSync(legacy, place, later);
    expect(sync.platforms.googlePlaces?.connectedAt).toEqual(later);
    expect(sync.platforms.googlePlaces?.placeName).toBe('Bella Vista');
  });

  it('refuses to sync when no place is connected', () => {
    try {
      applyPlaceSync(defaultPlatformSync(), place, later);
      expect.unreachable();
    } catch (error) {
      expect(isBrigadeError(error) && error.code).toBe('PLACE_NOT_CONNECTED');
    }
  });

  it('refuses details of a different place', () => {
    const connected = connectPlace(defaultPlatformSync(), place, connectedAt);
    expect(() => applyPlaceSync(connected, { ...place, placeId: 'other' }, later)).toThrow(
      `Place other is not the connected place ${place.placeId}`,
    );
  });
});

describe('withServerTimestamps (connectedAt and lastSyncAt become server timestamps)', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const earlier = new Date('2025-01-01T00:00:00Z');
  const linked = platformSyncSchema.parse({
    platforms: { googlePlaces: { placeId: 'p1', connectedAt: earlier, lastSyncAt: earlier } },
  });

  it('keeps the stored times whatever the client sends or omits', () => {
    const sent = platformSyncSchema.parse({
      syncFrequency: 'weekly',
      platforms: { googlePlaces: { placeId: 'p1', connectedAt: new Date('2030-01-01T00:00:00Z') } },
    });
    expect(withServerTimestamps(sent, linked, now).platforms.googlePlaces).toMatchObject({
      connectedAt: earlier,
      lastSyncAt: earlier,
    });
  });

  it('stamps the server time for a time the client sends where none is stored', () => {
    const sent = platformSyncSchema.parse({
      platforms: { googlePlaces: { placeId: 'p1', connectedAt: new Date('2030-01-01T00:00:00Z') } },
    });
    const result = withServerTimestamps(sent, platformSyncSchema.parse({}), now).platforms.googlePlaces!;
    expect(result.connectedAt).toEqual(now);
    expect(result.lastSyncAt).toBeUndefined();
  });
});

describe('disconnectPlace', () => {
  it('drops the place, its times and photos, turns the link off and keeps the AI settings', () => {
    const connected = platformSyncSchema.parse({
      platforms: {
        googlePlaces: {
          ...connectPlace(defaultPlatformSync(), place, connectedAt).platforms.googlePlaces,
          lastSyncAt: later,
          pendingChanges: ['phone'],
          lastError: 'quota',
          aiReplyConfig: { enabled: true },
        },
        yelp: { enabled: true },
      },
    });
    const sync = disconnectPlace(connected);
    expect(sync.platforms.googlePlaces).toEqual({
      enabled: false,
      syncEnabled: false,
      autoSync: false,
      syncStatus: 'idle',
      aiReplyConfig: connected.platforms.googlePlaces?.aiReplyConfig,
    });
    expect(sync.platforms.yelp).toEqual(connected.platforms.yelp);
  });

  it('refuses when no place is linked', () => {
    expect(() => disconnectPlace(defaultPlatformSync())).toThrow(
      'No Google Place is connected to this restaurant',
    );
  });
});
