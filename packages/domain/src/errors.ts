/**
 * The one error type of Brigade. Every layer throws it; the server maps it to RFC 9457 problem details in
 * one place (apps/server/src/plugins/problem-details.ts). `kind` decides the HTTP status, `code` is the
 * stable machine-readable reason (the spec's codes where it names them, e.g. ID_COLLISION).
 */
export type ErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** Existed once and never will again (a used, withdrawn or expired invitation link). */
  | 'gone'
  | 'rate_limited'
  /** A payment the card's issuer declined (402): nothing was charged. */
  | 'payment_required'
  /** Understood but refused as it stands (an idempotency key reused with another request). */
  | 'unprocessable'
  /** An outside service we called failed or refused (its own words are never passed through). */
  | 'bad_gateway'
  /** An outside service we called did not answer in time. */
  | 'gateway_timeout'
  | 'unavailable'
  | 'internal';

/** The HTTP status each kind answers with, here and wherever an answer carries several outcomes (a batch). */
export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  payment_required: 402,
  unprocessable: 422,
  bad_gateway: 502,
  gateway_timeout: 504,
  unavailable: 503,
  internal: 500,
};

export interface FieldError {
  /** Dotted path of the offending field, e.g. `address.zipCode` or `items.3.name`; '' for the whole input. */
  path: string;
  message: string;
}

export class BrigadeError extends Error {
  override readonly name = 'BrigadeError';
  readonly kind: ErrorKind;
  readonly code: string;
  readonly errors: FieldError[] | undefined;

  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    options?: { errors?: FieldError[]; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.code = code;
    this.errors = options?.errors;
  }
}

export const isBrigadeError = (value: unknown): value is BrigadeError => value instanceof BrigadeError;

export const validationError = (message: string, errors: FieldError[], code = 'VALIDATION_FAILED') =>
  new BrigadeError('validation', code, message, { errors });

export const notFound = (message: string, code = 'NOT_FOUND') => new BrigadeError('not_found', code, message);

/** Field errors from schema issues, with the schema's messages verbatim; `prefix` names where the input was. */
export const fieldErrorsOf = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): FieldError[] =>
  issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));

/** One validation error carrying every field error; the detail lists the messages. */
export const validationErrorOf = (errors: FieldError[]) =>
  validationError(errors.map((e) => e.message).join('; '), errors);
