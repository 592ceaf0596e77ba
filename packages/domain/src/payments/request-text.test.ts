import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TEXT_CHARACTERS_MESSAGE } from '../text';
import {
  authRequestSchema,
  captureRequestSchema,
  lineItemSchema,
  USERFIELD_NAME_MESSAGE,
  voiceAuthRequestSchema,
} from './authorisation';
import { fundingRequestSchema } from './funding';
import {
  inquireByOrderIdRequestSchema,
  inquireMerchantRequestSchema,
  inquireRequestSchema,
  signatureCaptureRequestSchema,
} from './inquiry';
import {
  profileDeleteRequestSchema,
  profileGetRequestSchema,
  profileRequestSchema,
  profileRequestStrictSchema,
} from './profile-request';
import { settleStatRequestSchema } from './settlement';
import { binRequestSchema, surchargeRequestSchema } from './surcharge-bin';
import { issuesOf } from './test-issues';
import {
  partialRefundRequestSchema,
  refundRequestSchema,
  refundRequestStrictSchema,
  voidByOrderIdRequestSchema,
  voidRequestSchema,
} from './void-refund';

/**
 * Decision 016 for the gateway requests: every string field refuses control characters and unpaired
 * surrogates. The fields are found by walking each schema's shape, so a new plain z.string() fails here.
 */

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions differ per schema type
type Def = any;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape inside a schema (through pipes and wrappers). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe') return shapeOf(def.in);
  throw new Error(`no object in ${def.type}`);
}

/** Whether a field's schema takes a string first (unwrapping optional, default, pipe). */
function takesString(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return true;
  if (['optional', 'default', 'nullable', 'prefault'].includes(def.type)) return takesString(def.innerType);
  if (def.type === 'pipe') return takesString(def.in);
  return false;
}

const AUTH = { merchid: '1', account: '4111111111111111', amount: '1.00' };
const REQUESTS: [string, z.ZodType, Record<string, unknown>][] = [
  ['auth', authRequestSchema, AUTH],
  ['voice auth', voiceAuthRequestSchema, { ...AUTH, authcode: '1' }],
  ['capture', captureRequestSchema, { ...AUTH, retref: '1' }],
  ['line item', lineItemSchema, {}],
  ['void', voidRequestSchema, { merchid: '1', retref: '1' }],
  ['void by order id', voidByOrderIdRequestSchema, { merchid: '1', orderid: '1' }],
  ['refund', refundRequestSchema, { merchid: '1', retref: '1' }],
  ['refund (strict)', refundRequestStrictSchema, { merchid: '1', retref: 'ABCDEFGH' }],
  ['partial refund', partialRefundRequestSchema, { merchid: '1', retref: '1', amount: '1' }],
  ['inquire', inquireRequestSchema, { merchid: '1', retref: '1' }],
  ['inquire by order id', inquireByOrderIdRequestSchema, { merchid: '1', orderid: '1' }],
  ['inquire merchant', inquireMerchantRequestSchema, { merchid: '1' }],
  ['signature capture', signatureCaptureRequestSchema, { merchid: '1', retref: '1', signature: 's' }],
  ['funding', fundingRequestSchema, { merchid: '1' }],
  ['settlestat', settleStatRequestSchema, { merchid: '1', batchid: '1' }],
  ['surcharge', surchargeRequestSchema, { merchid: '1', postal: '19406' }],
  ['bin', binRequestSchema, { merchid: '1', token: '1' }],
  ['profile get', profileGetRequestSchema, { merchid: '1', profileid: '1', accountid: '1' }],
  ['profile', profileRequestSchema, { merchid: '1', account: '4111111111111111', expiry: '1230' }],
  [
    'profile (strict)',
    profileRequestStrictSchema,
    { merchid: '1234567890', account: '4111111111111111', expiry: '1230' },
  ],
  ['profile delete', profileDeleteRequestSchema, { merchid: '1', profileid: '1'.repeat(20), accountid: '1' }],
];

describe.each(REQUESTS)('%s request', (_name, schema, valid) => {
  const fields = Object.entries(shapeOf(schema)).filter(([, field]) => takesString(field));

  it('is valid as the sample', () => {
    expect(issuesOf(schema.safeParse(valid))).toEqual([]);
  });

  it('refuses control characters and lone surrogates in every string field', () => {
    expect(fields.length).toBeGreaterThan(0);
    for (const [field] of fields) {
      for (const hostile of ['1\u0000', '1\u001b', '1\uD800']) {
        const messages = issuesOf(schema.safeParse({ ...valid, [field]: hostile }))
          .filter(([path]) => path === field)
          .map(([, message]) => message);
        expect({ field, messages }).toEqual({
          field,
          messages: expect.arrayContaining([TEXT_CHARACTERS_MESSAGE]),
        });
      }
    }
  });
});

describe('nested request text', () => {
  it('refuses control characters in userfields', () => {
    expect(issuesOf(authRequestSchema.safeParse({ ...AUTH, userfields: { table: '1\u0000' } }))).toEqual([
      ['userfields.table', TEXT_CHARACTERS_MESSAGE],
    ]);
    expect(issuesOf(authRequestSchema.safeParse({ ...AUTH, userfields: { 't\u0000': '1' } }))).toEqual([
      ['userfields.t\u0000', USERFIELD_NAME_MESSAGE],
    ]);
  });
});
