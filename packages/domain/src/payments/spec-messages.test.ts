import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGE, AMOUNT_MESSAGE, MERCHID_MESSAGE, RETREF_MESSAGE } from './authorisation';
import { GATEWAY_ERROR_DEFAULT_CODE, GATEWAY_ERROR_DEFAULT_MESSAGE } from './constants';
import { FUNDING_LIMIT_MESSAGE, FUNDING_MERCHID_MESSAGE } from './funding';
import { CHARGEBACK_CASE_MESSAGE, REVERSAL_AMOUNT_MESSAGE } from './funding-records';
import { RESPSTAT_MESSAGE } from './gateway-response';
import {
  ACH_BANKABA_MESSAGE,
  ACH_NAME_MESSAGE,
  DELETE_IDENTIFIER_MESSAGE,
  EXPIRY_MESSAGE,
  missingFieldMessage,
  POSTAL_MESSAGE,
  PROFILE_IDENTIFIER_MESSAGE,
  UPDATE_ACCOUNT_MESSAGE,
} from './profile-request';
import { SETTLESTAT_MESSAGE } from './settlement';
import { SURCHARGE_POSTAL_OR_TOKEN_MESSAGE } from './surcharge-bin';
import {
  PARTIAL_REFUND_AMOUNT_MESSAGE,
  REFUND_AMOUNT_MESSAGE,
  VOID_BY_ORDER_MERCHID_MESSAGE,
  VOID_INVALID_MESSAGE,
  VOID_REQUIRED_MESSAGE,
} from './void-refund';

/**
 * The messages the product description gives word for word. The schema tests use these constants; this
 * table pins the constants themselves, so changing a text means changing it here (and in
 * docs/behaviour/payments.md) on purpose.
 */
describe('messages quoted exactly', () => {
  it.each([
    [RESPSTAT_MESSAGE, 'Response status must be A (Approved), B (Retry), or C (Declined)'],
    [MERCHID_MESSAGE, 'Merchant ID is missing or invalid.'],
    [RETREF_MESSAGE, 'Retrieval reference is missing or invalid.'],
    [ACCOUNT_MESSAGE, 'Account is missing or invalid.'],
    [AMOUNT_MESSAGE, 'Amount is missing or invalid.'],
    [VOID_INVALID_MESSAGE, 'Invalid VoidRequest data.'],
    [VOID_REQUIRED_MESSAGE, 'merchid and retref are required'],
    [VOID_BY_ORDER_MERCHID_MESSAGE, 'merchid is required and must be a string'],
    [
      REFUND_AMOUNT_MESSAGE,
      'Amount must be a positive number string, optionally with up to two decimal places',
    ],
    [PARTIAL_REFUND_AMOUNT_MESSAGE, 'Amount is required for a partial refund'],
    [EXPIRY_MESSAGE, "Expiry must be MMYY format or '0000' for ACH accounts"],
    [PROFILE_IDENTIFIER_MESSAGE, 'Profile identifier must be in format: profileid/accountid'],
    [DELETE_IDENTIFIER_MESSAGE, 'Profile identifier must be in format "profileid/accountid"'],
    [POSTAL_MESSAGE, 'Invalid postal code for the selected country'],
    [ACH_NAME_MESSAGE, 'Name is required for ACH accounts'],
    [ACH_BANKABA_MESSAGE, 'Bank ABA is required for non-tokenized ACH accounts'],
    [
      UPDATE_ACCOUNT_MESSAGE,
      'Account ID is required when updating existing account (format: profileid/accountid)',
    ],
    [missingFieldMessage('accountid'), 'Missing or invalid required field: accountid'],
    [FUNDING_MERCHID_MESSAGE, 'FundingRequest.fromJSON: Merchant ID is missing or invalid.'],
    [FUNDING_LIMIT_MESSAGE, 'Limit cannot exceed 10,000 records per page'],
    [REVERSAL_AMOUNT_MESSAGE, 'Reversal amount must be negative'],
    [CHARGEBACK_CASE_MESSAGE, 'Case number is required for chargeback adjustments'],
    [SETTLESTAT_MESSAGE, 'Invalid SettleStatRequest: either batchid or date must be provided, but not both.'],
    [SURCHARGE_POSTAL_OR_TOKEN_MESSAGE, 'Either postal or token must be provided'],
    [GATEWAY_ERROR_DEFAULT_MESSAGE, 'An error occurred'],
    [GATEWAY_ERROR_DEFAULT_CODE, 'UNKNOWN'],
  ])('%s', (constant, text) => {
    expect(constant).toBe(text);
  });
});
