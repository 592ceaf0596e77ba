import { z } from 'zod';
import { BrigadeError, type ErrorKind, fieldErrorsOf, validationErrorOf } from '../errors';
import { text } from '../text';
import {
  GATEWAY_ERROR_DEFAULT_CODE,
  GATEWAY_ERROR_DEFAULT_MESSAGE,
  GATEWAY_VALIDATION_CODES,
} from './constants';
import { lenientString } from './lenient';

/**
 * The gateway's error object and how its codes map onto Brigade's one error type
 * (docs/behaviour/payments.md#errors).
 */

export const GATEWAY_ERROR_EMPTY_MESSAGE = 'An error response requires a message or an error code';

const withDefaults = (error: { message?: string; errorcode?: string }) => ({
  message: error.message || GATEWAY_ERROR_DEFAULT_MESSAGE,
  errorcode: error.errorcode || GATEWAY_ERROR_DEFAULT_CODE,
});

/** An error answer must say something: a message or a non-empty code. Missing parts take the defaults. */
export const gatewayErrorSchema = z
  .object({
    message: text({ error: 'Message must be a string' }).optional(),
    errorcode: text({ error: 'Error code must be a string' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.message && !value.errorcode)
      ctx.addIssue({ code: 'custom', message: GATEWAY_ERROR_EMPTY_MESSAGE, path: [] });
  })
  .transform(withDefaults);
export type GatewayError = z.output<typeof gatewayErrorSchema>;

/** Any error answer, whatever it holds: missing or empty parts take the defaults. */
export const gatewayErrorLenientSchema = z
  .looseObject({ message: lenientString, errorcode: lenientString })
  .transform(withDefaults);
export type GatewayErrorLenient = z.output<typeof gatewayErrorLenientSchema>;

/** Codes with a second name: 49 is DATA_ERROR, 65 is AUTH_ERROR. */
const CODE_NAMES: Record<string, string> = { '49': 'DATA_ERROR', '65': 'AUTH_ERROR' };

/** The one name of a gateway error code (49 → DATA_ERROR, 65 → AUTH_ERROR; others unchanged). */
export const gatewayErrorCodeName = (errorcode: string): string => CODE_NAMES[errorcode] ?? errorcode;

const VALIDATION_NAMES = new Set<string>([
  ...GATEWAY_VALIDATION_CODES.map(gatewayErrorCodeName),
  ...GATEWAY_VALIDATION_CODES,
  'VALIDATION_ERROR',
]);

/** Whether a gateway code is a validation error: 01, 02, 03, 49 (DATA_ERROR), 65 (AUTH_ERROR), VALIDATION_ERROR. */
export const isGatewayValidationCode = (errorcode: string): boolean => VALIDATION_NAMES.has(errorcode);

/**
 * The gateway's error as a BrigadeError. Validation codes and BAD_REQUEST are validation errors, NOT_FOUND
 * is not found, anything else means the gateway could not do it (unavailable). The code is the code's name
 * (DATA_ERROR, AUTH_ERROR, NOT_FOUND, …), or GATEWAY_{code} for a bare number.
 */
export function gatewayErrorToBrigadeError(error: GatewayError): BrigadeError {
  const name = gatewayErrorCodeName(error.errorcode);
  let kind: ErrorKind = 'unavailable';
  if (isGatewayValidationCode(name) || name === 'BAD_REQUEST') kind = 'validation';
  else if (name === 'NOT_FOUND') kind = 'not_found';
  const code = /^[A-Z_]+$/.test(name) ? name : `GATEWAY_${name}`;
  return new BrigadeError(kind, code, error.message);
}

/**
 * Validates a gateway request with its schema: the parsed request, or a BrigadeError (validation,
 * VALIDATION_FAILED) carrying every issue with the schema's message verbatim.
 */
export function parseGatewayRequest<T extends z.ZodType>(
  schema: T,
  input: unknown,
  prefix = '',
): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationErrorOf(fieldErrorsOf(result.error.issues, prefix));
}
