import type { AuthRequest, CaptureRequest } from '@brigade/domain/payments/authorisation';
import {
  type FundingRequest,
  type FundingResponseLenient,
  fundingResponseLenientSchema,
} from '@brigade/domain/payments/funding';
import {
  type AuthResponseLenient,
  authResponseLenientSchema,
} from '@brigade/domain/payments/gateway-response';
import {
  type InquireByOrderIdResponseLenient,
  type InquireResponseLenient,
  inquireByOrderIdResponseLenientSchema,
  inquireResponseLenientSchema,
  type MerchantResponseLenient,
  merchantResponseLenientSchema,
  type SignatureCaptureRequest,
  type SignatureCaptureResponseLenient,
  signatureCaptureResponseLenientSchema,
} from '@brigade/domain/payments/inquiry';
import { type ProfileRequest, profileRequestBody } from '@brigade/domain/payments/profile-request';
import {
  type ProfileDeleteResponseLenient,
  type ProfileGetResponseLenient,
  type ProfileResponseLenient,
  profileDeleteResponseLenientSchema,
  profileGetResponseLenientSchema,
  profileResponseLenientSchema,
} from '@brigade/domain/payments/profile-response';
import {
  type SettlementResponseLenient,
  type SettleStatRequest,
  settlementResponseLenientSchema,
} from '@brigade/domain/payments/settlement';
import {
  type BinResponseLenient,
  binResponseLenientSchema,
  type SurchargeRequest,
  type SurchargeResponseLenient,
  surchargeResponseLenientSchema,
} from '@brigade/domain/payments/surcharge-bin';
import {
  type RefundRequest,
  type RefundResponseLenient,
  refundResponseLenientSchema,
  type VoidByOrderIdRequest,
  type VoidRequest,
  type VoidResponseLenient,
  voidResponseLenientSchema,
} from '@brigade/domain/payments/void-refund';
import type { z } from 'zod';
import { ENDPOINTS, type Endpoint, endpointPath } from './endpoints';
import { type CallOptions, type CardPointeGateway, DEFAULT_TIMEOUT_MS } from './gateway';
import { readAnswer, sendCall } from './http-call';

export interface CardPointeClientOptions {
  /** `https://<site>[-uat].cardconnect.com/cardconnect/rest` (gatewayBaseUrl), or an emulator's restUrl. */
  baseUrl: string;
  username: string;
  password: string;
  /** How writes are sent; the gateway accepts both, its SDKs use PUT. */
  writeMethod?: 'PUT' | 'POST';
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The REST base of a CardPointe site: production, or its UAT (test) twin. */
export const gatewayBaseUrl = (site: string, uat: boolean): string =>
  `https://${encodeURIComponent(site)}${uat ? '-uat' : ''}.cardconnect.com/cardconnect/rest`;

type Query = Record<string, string | number | undefined>;

interface Request {
  params?: readonly (string | undefined)[];
  query?: Query;
  body?: unknown;
  plainText?: (text: string) => unknown;
}

const NO_DEPOSITS = /no deposits match/i;
/** settlestat's plain-text answer for a day without batches (seen in public clients; not published). */
const NO_BATCHES = /^\s*null batches\s*$/i;

/** A PPS 29 "Txn not found" answer, which inquireByOrderid reads as an empty list. */
const isNotFound = (answer: { respstat?: string; respcode?: string; respproc?: string }) =>
  answer.respstat === 'C' && answer.respcode === '29' && answer.respproc === 'PPS';

/**
 * The CardPointe Gateway REST API over HTTP (fetch): one method per endpoint, Basic auth, JSON bodies,
 * answers read with the domain's lenient schemas, failures as GatewayCallError (http-call.ts).
 */
export class CardPointeClient implements CardPointeGateway {
  private readonly baseUrl: string;
  private readonly authorization: string;
  private readonly writeMethod: 'PUT' | 'POST';
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: CardPointeClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    this.writeMethod = options.writeMethod ?? 'PUT';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private async call<S extends z.ZodType>(
    endpoint: Endpoint,
    schema: S,
    request: Request,
    options: CallOptions | undefined,
  ): Promise<z.output<S>> {
    const url = new URL(`${this.baseUrl}/${endpointPath(endpoint, request.params)}`);
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    const method = ENDPOINTS[endpoint].method;
    const json = await sendCall({
      endpoint,
      url: url.toString(),
      method: method === 'write' ? this.writeMethod : method,
      authorization: this.authorization,
      body: request.body,
      timeoutMs: this.timeoutMs,
      fetch: this.fetchFn,
      options,
      ...(request.plainText ? { plainText: request.plainText } : {}),
    });
    return readAnswer(endpoint, schema, json);
  }

  auth(request: AuthRequest, options?: CallOptions): Promise<AuthResponseLenient> {
    return this.call('auth', authResponseLenientSchema, { body: request }, options);
  }

  capture(request: CaptureRequest, options?: CallOptions): Promise<AuthResponseLenient> {
    return this.call('capture', authResponseLenientSchema, { body: request }, options);
  }

  void(request: VoidRequest, options?: CallOptions): Promise<VoidResponseLenient> {
    return this.call('void', voidResponseLenientSchema, { body: request }, options);
  }

  voidByOrderId(request: VoidByOrderIdRequest, options?: CallOptions): Promise<VoidResponseLenient> {
    return this.call('voidByOrderId', voidResponseLenientSchema, { body: request }, options);
  }

  refund(request: RefundRequest, options?: CallOptions): Promise<RefundResponseLenient> {
    return this.call('refund', refundResponseLenientSchema, { body: request }, options);
  }

  inquire(retref: string, merchid: string, options?: CallOptions): Promise<InquireResponseLenient> {
    return this.call('inquire', inquireResponseLenientSchema, { params: [retref, merchid] }, options);
  }

  async inquireByOrderid(
    orderid: string,
    merchid: string,
    set?: '' | '1',
    options?: CallOptions,
  ): Promise<InquireByOrderIdResponseLenient> {
    const found = await this.call(
      'inquireByOrderid',
      inquireByOrderIdResponseLenientSchema,
      { params: [orderid, merchid, set] },
      options,
    );
    return found.length === 1 && isNotFound(found[0]!) ? [] : found;
  }

  inquireMerchant(merchid: string, options?: CallOptions): Promise<MerchantResponseLenient> {
    return this.call('inquireMerchant', merchantResponseLenientSchema, { params: [merchid] }, options);
  }

  async funding(request: FundingRequest, options?: CallOptions): Promise<FundingResponseLenient | null> {
    const answer = await this.call(
      'funding',
      fundingResponseLenientSchema,
      { query: { ...request } },
      options,
    );
    return answer.errormsg !== undefined && NO_DEPOSITS.test(answer.errormsg) ? null : answer;
  }

  /** One batch or a list, always read as a list; "Null batches" (plain text) is an empty one. */
  settlestat(request: SettleStatRequest, options?: CallOptions): Promise<SettlementResponseLenient> {
    const plainText = (text: string) => (NO_BATCHES.test(text) ? [] : undefined);
    return this.call(
      'settlestat',
      settlementResponseLenientSchema,
      { query: { ...request }, plainText },
      options,
    );
  }

  surcharge(request: SurchargeRequest, options?: CallOptions): Promise<SurchargeResponseLenient> {
    return this.call('surcharge', surchargeResponseLenientSchema, { query: { ...request } }, options);
  }

  bin(merchid: string, token: string, options?: CallOptions): Promise<BinResponseLenient> {
    return this.call('bin', binResponseLenientSchema, { params: [merchid, token] }, options);
  }

  sigcap(request: SignatureCaptureRequest, options?: CallOptions): Promise<SignatureCaptureResponseLenient> {
    return this.call('sigcap', signatureCaptureResponseLenientSchema, { body: request }, options);
  }

  getProfile(
    profileid: string,
    acctid: string,
    merchid: string,
    options?: CallOptions,
  ): Promise<ProfileGetResponseLenient> {
    const params = [profileid, acctid, merchid];
    return this.call('getProfile', profileGetResponseLenientSchema, { params }, options);
  }

  saveProfile(request: ProfileRequest, options?: CallOptions): Promise<ProfileResponseLenient> {
    const body = profileRequestBody(request);
    return this.call('saveProfile', profileResponseLenientSchema, { body }, options);
  }

  deleteProfile(
    profileid: string,
    acctid: string,
    merchid: string,
    options?: CallOptions,
  ): Promise<ProfileDeleteResponseLenient> {
    const params = [profileid, acctid, merchid];
    return this.call('deleteProfile', profileDeleteResponseLenientSchema, { params }, options);
  }
}
