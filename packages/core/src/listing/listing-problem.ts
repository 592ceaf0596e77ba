import { BrigadeError, type ErrorKind } from '@brigade/domain/errors';
import { GoogleBusinessError } from '@brigade/google-business/http-call';

/** A listing problem; a 429's `retry-after` (seconds) goes to the answer's header (problem-details.ts). */
export class ListingProblem extends BrigadeError {
  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(kind, code, message);
  }
}

/**
 * A failed Google call as the API says it (problem+json, never a 500). Our words only: Google's message may
 * quote the request. Unauthorised and invalid-grant answers are handled by the token provider before this.
 */
export function listingProblem(error: unknown): BrigadeError {
  if (error instanceof BrigadeError) return error;
  if (!(error instanceof GoogleBusinessError))
    return new BrigadeError(
      'bad_gateway',
      'GOOGLE_BUSINESS_ERROR',
      'The Google Business Profile call failed; try again',
    );
  // 401 invalid_client from the token or revoke endpoint: the server's own OAuth client, not the connection.
  if (error.details.googleStatus === 'invalid_client')
    return new BrigadeError(
      'bad_gateway',
      'GOOGLE_BUSINESS_CLIENT_REFUSED',
      "Google refused the server's OAuth client; check GOOGLE_BUSINESS_CLIENT_ID and GOOGLE_BUSINESS_CLIENT_SECRET",
    );
  // Google's own: a 401 or a refused grant means reconnecting (a 403 on a location does not), INVALID_ARGUMENT
  // is the request's fault. The rest in the kit's shared categories (decision 060).
  if (error.kind === 'unauthorized' || error.kind === 'invalid-grant') return reconnectNeeded();
  if (error.kind === 'invalid-argument')
    return new BrigadeError(
      'validation',
      'GOOGLE_BUSINESS_INVALID_ARGUMENT',
      'Google Business Profile refused the request as invalid',
    );
  switch (error.category) {
    case 'not-found':
      return new BrigadeError(
        'not_found',
        'GOOGLE_BUSINESS_NOT_FOUND',
        'Google Business Profile has no such account or location',
      );
    case 'rate-limited': {
      const seconds = Math.max(1, Math.ceil(error.details.retryAfterSeconds ?? 60));
      return new ListingProblem(
        'rate_limited',
        'GOOGLE_BUSINESS_RATE_LIMITED',
        `Google Business Profile is limiting requests (quota); try again in ${seconds} seconds`,
        seconds,
      );
    }
    case 'timeout':
      return new BrigadeError(
        'gateway_timeout',
        'GOOGLE_BUSINESS_TIMEOUT',
        'Google Business Profile did not answer in time',
      );
    case 'network':
      return new BrigadeError(
        'bad_gateway',
        'GOOGLE_BUSINESS_UNREACHABLE',
        'Google Business Profile cannot be reached',
      );
    case 'bad-answer':
      return new BrigadeError(
        'bad_gateway',
        'GOOGLE_BUSINESS_BAD_ANSWER',
        "Google Business Profile's answer could not be read",
      );
    default:
      return new BrigadeError(
        'bad_gateway',
        'GOOGLE_BUSINESS_ERROR',
        `Google Business Profile failed (HTTP ${error.details.httpStatus ?? '?'}); try again`,
      );
  }
}

export const RECONNECT_NEEDED_MESSAGE =
  'Google no longer accepts this connection (access revoked or expired): reconnect Google Business Profile';

export const reconnectNeeded = () =>
  new BrigadeError('conflict', 'RECONNECT_NEEDED', RECONNECT_NEEDED_MESSAGE);

export const notConnected = () =>
  new BrigadeError(
    'conflict',
    'NOT_CONNECTED',
    'Google Business Profile is not connected for this restaurant',
  );
