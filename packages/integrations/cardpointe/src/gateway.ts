import type { AuthRequest, CaptureRequest } from '@brigade/domain/payments/authorisation';
import type { FundingRequest, FundingResponseLenient } from '@brigade/domain/payments/funding';
import type { AuthResponseLenient } from '@brigade/domain/payments/gateway-response';
import type {
  InquireByOrderIdResponseLenient,
  InquireResponseLenient,
  MerchantResponseLenient,
  SignatureCaptureRequest,
  SignatureCaptureResponseLenient,
} from '@brigade/domain/payments/inquiry';
import type { ProfileRequest } from '@brigade/domain/payments/profile-request';
import type {
  ProfileDeleteResponseLenient,
  ProfileGetResponseLenient,
  ProfileResponseLenient,
} from '@brigade/domain/payments/profile-response';
import type { SettlementResponseLenient, SettleStatRequest } from '@brigade/domain/payments/settlement';
import type {
  BinResponseLenient,
  SurchargeRequest,
  SurchargeResponseLenient,
} from '@brigade/domain/payments/surcharge-bin';
import type {
  RefundRequest,
  RefundResponseLenient,
  VoidByOrderIdRequest,
  VoidRequest,
  VoidResponseLenient,
} from '@brigade/domain/payments/void-refund';
import { IntegrationError, type IntegrationErrorKind } from '@brigade/integration-kit/http';

/**
 * What Brigade asks of a CardPointe gateway (docs/behaviour/payments.md): one method per endpoint, requests
 * in the domain's validated shapes, answers read leniently. The real client (client.ts) and the tests' fakes
 * implement it; the payments module depends on this interface only.
 *
 * Every method either resolves with the gateway's answer — approved, retry (B) or declined (C) alike, since
 * those are answers — or rejects with a `GatewayCallError` when no usable answer came.
 */
export interface CardPointeGateway {
  auth(request: AuthRequest, options?: CallOptions): Promise<AuthResponseLenient>;
  capture(request: CaptureRequest, options?: CallOptions): Promise<AuthResponseLenient>;
  void(request: VoidRequest, options?: CallOptions): Promise<VoidResponseLenient>;
  voidByOrderId(request: VoidByOrderIdRequest, options?: CallOptions): Promise<VoidResponseLenient>;
  refund(request: RefundRequest, options?: CallOptions): Promise<RefundResponseLenient>;
  inquire(retref: string, merchid: string, options?: CallOptions): Promise<InquireResponseLenient>;
  /** The gateway may answer one transaction or a list; always a list here (empty when none). */
  inquireByOrderid(
    orderid: string,
    merchid: string,
    set?: '' | '1',
    options?: CallOptions,
  ): Promise<InquireByOrderIdResponseLenient>;
  inquireMerchant(merchid: string, options?: CallOptions): Promise<MerchantResponseLenient>;
  /** `null` when the gateway says "No deposits match your request". */
  funding(request: FundingRequest, options?: CallOptions): Promise<FundingResponseLenient | null>;
  settlestat(request: SettleStatRequest, options?: CallOptions): Promise<SettlementResponseLenient>;
  surcharge(request: SurchargeRequest, options?: CallOptions): Promise<SurchargeResponseLenient>;
  bin(merchid: string, token: string, options?: CallOptions): Promise<BinResponseLenient>;
  sigcap(request: SignatureCaptureRequest, options?: CallOptions): Promise<SignatureCaptureResponseLenient>;
  getProfile(
    profileid: string,
    acctid: string,
    merchid: string,
    options?: CallOptions,
  ): Promise<ProfileGetResponseLenient>;
  saveProfile(request: ProfileRequest, options?: CallOptions): Promise<ProfileResponseLenient>;
  deleteProfile(
    profileid: string,
    acctid: string,
    merchid: string,
    options?: CallOptions,
  ): Promise<ProfileDeleteResponseLenient>;
}

export interface CallOptions {
  /** Overrides the client's timeout for this call (milliseconds). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Why a call brought no usable answer:
 * - `unauthorized`: 401, the credentials are wrong;
 * - `rate-limited`: 429, `retryAfterSeconds` from `X-Rate-Limit-Retry-After-Seconds` (or `Retry-After`);
 * - `server`: a 5xx;
 * - `rejected`: another 4xx (the gateway refused the request's shape);
 * - `timeout`: no answer within the timeout — the request may or may not have reached the processor;
 * - `network`: the connection failed (refused, reset, DNS) — for a write, also possibly delivered;
 * - `bad-answer`: an answer that is not JSON or not the expected shape.
 */
export type GatewayFailure =
  | 'unauthorized'
  | 'rate-limited'
  | 'server'
  | 'rejected'
  | 'timeout'
  | 'network'
  | 'bad-answer';

const CATEGORY: Record<GatewayFailure, IntegrationErrorKind> = {
  unauthorized: 'unauthorized',
  'rate-limited': 'rate-limited',
  server: 'server',
  rejected: 'bad-request',
  timeout: 'timeout',
  network: 'network',
  'bad-answer': 'bad-answer',
};

export class GatewayCallError extends IntegrationError {
  override readonly name = 'GatewayCallError';
  constructor(
    readonly failure: GatewayFailure,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number; endpoint?: string } = {},
  ) {
    super(failure === 'rejected' && details.status === 404 ? 'not-found' : CATEGORY[failure], message, {
      service: 'CardPointe',
      call: details.endpoint ?? '',
      status: details.status,
      retryAfterMs: details.retryAfterSeconds === undefined ? undefined : details.retryAfterSeconds * 1000,
    });
  }

  /** Whether a write may have reached the gateway although no answer came (the case that needs reconciling). */
  get mayHaveReachedGateway(): boolean {
    return this.failure === 'timeout' || this.failure === 'network' || this.failure === 'server';
  }
}

/** The gateway's own "Timed out" comes at 32 s; the client waits a little longer by default. */
export const DEFAULT_TIMEOUT_MS = 35_000;
