import { describe, expect, it } from 'vitest';
import { isBrigadeError } from '../errors';
import { authRequestSchema } from './authorisation';
import {
  GATEWAY_ERROR_EMPTY_MESSAGE,
  gatewayErrorCodeName,
  gatewayErrorLenientSchema,
  gatewayErrorSchema,
  gatewayErrorToBrigadeError,
  isGatewayValidationCode,
  parseGatewayRequest,
} from './gateway-error';
import { issuesOf } from './test-issues';

describe('gatewayErrorSchema', () => {
  it('fills the default message and code', () => {
    expect(gatewayErrorSchema.parse({ errorcode: '49' })).toEqual({
      message: 'An error occurred',
      errorcode: '49',
    });
    expect(gatewayErrorSchema.parse({ message: 'Bad data' })).toEqual({
      message: 'Bad data',
      errorcode: 'UNKNOWN',
    });
  });

  it('needs a message or a non-empty code', () => {
    for (const input of [{}, { message: '', errorcode: '' }]) {
      expect(issuesOf(gatewayErrorSchema.safeParse(input))).toEqual([['', GATEWAY_ERROR_EMPTY_MESSAGE]]);
    }
  });

  it('reads anything leniently, with the defaults', () => {
    expect(gatewayErrorLenientSchema.parse({})).toEqual({
      message: 'An error occurred',
      errorcode: 'UNKNOWN',
    });
    expect(gatewayErrorLenientSchema.parse({ errorcode: 65, message: 'Unauthorized' })).toEqual({
      message: 'Unauthorized',
      errorcode: '65',
    });
  });
});

describe('gateway error codes', () => {
  it('names 49 DATA_ERROR and 65 AUTH_ERROR', () => {
    expect(gatewayErrorCodeName('49')).toBe('DATA_ERROR');
    expect(gatewayErrorCodeName('65')).toBe('AUTH_ERROR');
    expect(gatewayErrorCodeName('NOT_FOUND')).toBe('NOT_FOUND');
  });

  it.each([
    ['01', true],
    ['02', true],
    ['03', true],
    ['49', true],
    ['65', true],
    ['DATA_ERROR', true],
    ['AUTH_ERROR', true],
    ['VALIDATION_ERROR', true],
    ['04', false],
    ['1', false],
    ['BAD_REQUEST', false],
    ['NOT_FOUND', false],
    ['UNKNOWN', false],
  ])('%s is a validation error: %s', (code, expected) => {
    expect(isGatewayValidationCode(code)).toBe(expected);
  });

  it.each([
    ['49', 'validation', 'DATA_ERROR'],
    ['65', 'validation', 'AUTH_ERROR'],
    ['01', 'validation', 'GATEWAY_01'],
    ['VALIDATION_ERROR', 'validation', 'VALIDATION_ERROR'],
    ['BAD_REQUEST', 'validation', 'BAD_REQUEST'],
    ['NOT_FOUND', 'not_found', 'NOT_FOUND'],
    ['UNKNOWN', 'unavailable', 'UNKNOWN'],
    ['99', 'unavailable', 'GATEWAY_99'],
  ])('maps %s to a %s BrigadeError with code %s', (errorcode, kind, code) => {
    const error = gatewayErrorToBrigadeError({ message: 'Gateway said no', errorcode });
    expect([error.kind, error.code, error.message]).toEqual([kind, code, 'Gateway said no']);
  });
});

describe('parseGatewayRequest', () => {
  it('returns the parsed request', () => {
    const auth = { merchid: '1', account: '4111111111111111', amount: '1.00' };
    expect(parseGatewayRequest(authRequestSchema, auth)).toEqual(auth);
  });

  it('throws one validation error with every message verbatim', () => {
    let thrown: unknown;
    try {
      parseGatewayRequest(authRequestSchema, { amount: 'x' }, 'body');
    } catch (error) {
      thrown = error;
    }
    expect(isBrigadeError(thrown)).toBe(true);
    if (!isBrigadeError(thrown)) return;
    expect([thrown.kind, thrown.code]).toEqual(['validation', 'VALIDATION_FAILED']);
    expect(thrown.errors).toEqual([
      { path: 'body.merchid', message: 'Merchant ID is missing or invalid.' },
      { path: 'body.account', message: 'Account is missing or invalid.' },
      { path: 'body.amount', message: 'Amount is missing or invalid.' },
    ]);
    expect(thrown.message).toBe(
      'Merchant ID is missing or invalid.; Account is missing or invalid.; Amount is missing or invalid.',
    );
  });
});
