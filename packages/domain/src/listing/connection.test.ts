import { describe, expect, it } from 'vitest';
import {
  accountResourceName,
  aiConfigSchema,
  CUSTOM_TONE_REQUIRED_MESSAGE,
  DEFAULT_LOCATION_READ_MASK,
  isConnectionConnected,
  isTokenExpired,
  locationResourceName,
  oauthCallbackBodySchema,
  tokenNeedsRefresh,
} from './connection';

const now = new Date('2026-01-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const minutes = (n: number) => n * 60 * 1000;

describe('token refresh window', () => {
  it.each([
    [minutes(10), false],
    [minutes(5) + 1, false],
    [minutes(5), true],
    [minutes(1), true],
    [0, true],
    [-minutes(1), true],
  ])('expiring in %i ms needs refresh: %s', (offset, needs) => {
    expect(tokenNeedsRefresh({ tokenExpiresAt: at(offset) }, now)).toBe(needs);
  });

  it('an unknown expiry needs refresh and counts as expired', () => {
    expect(tokenNeedsRefresh({ tokenExpiresAt: null }, now)).toBe(true);
    expect(isTokenExpired({}, now)).toBe(true);
  });
});

describe('isConnectionConnected', () => {
  it('is connected only with status connected and an unexpired token', () => {
    expect(isConnectionConnected({ status: 'connected', tokenExpiresAt: at(minutes(1)) }, now)).toBe(true);
    expect(isConnectionConnected({ status: 'connected', tokenExpiresAt: at(0) }, now)).toBe(false);
    expect(isConnectionConnected({ status: 'pending', tokenExpiresAt: at(minutes(60)) }, now)).toBe(false);
    expect(isConnectionConnected({ status: 'error', tokenExpiresAt: at(minutes(60)) }, now)).toBe(false);
  });
});

describe('resource names', () => {
  it('prefixes accounts/ and locations/ only when missing', () => {
    expect(accountResourceName('123')).toBe('accounts/123');
    expect(accountResourceName('accounts/123')).toBe('accounts/123');
    expect(locationResourceName('9')).toBe('locations/9');
    expect(locationResourceName('locations/9')).toBe('locations/9');
  });

  it('has the spec default readMask', () => {
    expect(DEFAULT_LOCATION_READ_MASK.split(',')).toEqual([
      'name',
      'title',
      'storefrontAddress',
      'phoneNumbers',
      'categories',
      'latlng',
      'openInfo',
      'metadata',
    ]);
  });
});

describe('aiConfigSchema', () => {
  it('defaults: professional style, every rating auto-responds, threshold 24 hours', () => {
    expect(aiConfigSchema.parse({})).toEqual({
      isEnabled: false,
      responseStyle: 'professional',
      autoRespondToRatings: [1, 2, 3, 4, 5],
      responseTemplates: {},
      includeBusinessInfo: true,
      reviewThreshold: 24,
    });
  });

  it.each([undefined, '', '   '])(
    'custom style with custom tone %j is refused with the spec message',
    (customTone) => {
      const result = aiConfigSchema.safeParse({ responseStyle: 'custom', customTone });
      expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['customTone'], CUSTOM_TONE_REQUIRED_MESSAGE],
      ]);
      expect(CUSTOM_TONE_REQUIRED_MESSAGE).toBe('Custom tone is required when using custom response style');
    },
  );

  it('accepts custom style with a tone, and refuses ratings outside 1-5 and unknown styles', () => {
    expect(aiConfigSchema.safeParse({ responseStyle: 'custom', customTone: 'Warm' }).success).toBe(true);
    expect(aiConfigSchema.safeParse({ autoRespondToRatings: [0] }).success).toBe(false);
    expect(aiConfigSchema.safeParse({ responseStyle: 'rude' }).success).toBe(false);
  });
});

describe('oauthCallbackBodySchema', () => {
  it('requires code and state', () => {
    expect(oauthCallbackBodySchema.safeParse({ code: 'c', state: 's' }).success).toBe(true);
    expect(oauthCallbackBodySchema.safeParse({ code: '', state: 's' }).success).toBe(false);
    expect(oauthCallbackBodySchema.safeParse({ code: 'c' }).success).toBe(false);
  });
});
