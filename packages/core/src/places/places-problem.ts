import { BrigadeError, type ErrorKind } from '@brigade/domain/errors';
import { PlacesCallError } from '@brigade/places/places-api';

/** A failed Places call as the API says it (problem+json, never a 500), `retry-after` kept for a 429. */
export class PlacesProblem extends BrigadeError {
  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(kind, code, message);
  }
}

export const PLACE_NOT_FOUND = 'Place not found';

/** The problem of a failed call; our words only (Google's message may quote the request). */
export function placesProblem(error: unknown): BrigadeError {
  if (error instanceof BrigadeError) return error;
  if (!(error instanceof PlacesCallError))
    return new PlacesProblem('bad_gateway', 'PLACES_ERROR', 'The Google Places call failed; try again');
  // INVALID_ARGUMENT is the request's fault (other 4xx are Google's refusal); the rest in the kit's shared
  // categories (decision 060).
  if (error.failure === 'invalid-argument')
    return new PlacesProblem(
      'validation',
      'PLACES_INVALID_ARGUMENT',
      'Google Places refused the request as invalid',
    );
  switch (error.category) {
    case 'not-found':
      return new PlacesProblem('not_found', 'PLACE_NOT_FOUND', PLACE_NOT_FOUND);
    case 'rate-limited': {
      const seconds = error.details.retryAfterSeconds ?? 60;
      return new PlacesProblem(
        'rate_limited',
        'PLACES_RATE_LIMITED',
        `Google Places is limiting requests (quota); try again in ${seconds} seconds`,
        seconds,
      );
    }
    case 'unauthorized':
      return new PlacesProblem(
        'bad_gateway',
        'PLACES_FORBIDDEN',
        'Google Places refused the server’s API key; check GOOGLE_PLACES_API_KEY',
      );
    case 'timeout':
      return new PlacesProblem('gateway_timeout', 'PLACES_TIMEOUT', 'Google Places did not answer in time');
    case 'network':
      return new PlacesProblem('bad_gateway', 'PLACES_UNREACHABLE', 'Google Places cannot be reached');
    case 'bad-answer':
      return new PlacesProblem('bad_gateway', 'PLACES_BAD_ANSWER', "Google Places' answer could not be read");
    default:
      return new PlacesProblem(
        'bad_gateway',
        'PLACES_ERROR',
        `Google Places failed (HTTP ${error.details.status ?? '?'}); try again`,
      );
  }
}
