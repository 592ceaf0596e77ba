import {
  DEFAULT_MAX_TRANSACTION_AMOUNT,
  MERCHANT_CREDENTIALS_MESSAGE,
  type MerchantAccountInput,
  merchantAccountInputSchema,
} from '@brigade/domain/payments/api';
import { toMajor, toMinor } from '../../payments-kit/format';
import type { MerchantAccount } from '../../payments-kit/payments-api';
import { dollars } from '../../payments-kit/schemas';

/**
 * The merchant account form: the API's own schema. Connecting needs the API username and password; on a
 * connected account both blank keep the stored credentials, and one without the other is refused.
 */
export function merchantFormSchema(connected: boolean) {
  // the largest payment is typed in dollars; the API takes cents
  const maxTransactionAmount = dollars('Maximum per payment', 0.01).transform((value) => toMinor(value));
  return merchantAccountInputSchema.extend({ maxTransactionAmount }).superRefine((values, context) => {
    const given = [values.username, values.password].filter((v) => v !== undefined).length;
    if (given === 2 || (given === 0 && connected)) return;
    const message = connected
      ? 'Enter both the API username and password, or neither'
      : MERCHANT_CREDENTIALS_MESSAGE;
    if (values.username === undefined) context.addIssue({ code: 'custom', path: ['username'], message });
    if (values.password === undefined) context.addIssue({ code: 'custom', path: ['password'], message });
  });
}

/** The form's starting values: the account's settings; the credentials are never shown (nor sent back). */
export function merchantFormValues(account: MerchantAccount | null) {
  return {
    merchid: account?.merchid ?? '',
    site: account?.site ?? '',
    environment: account?.environment ?? ('uat' as const),
    username: '',
    password: '',
    writeMethod: account?.writeMethod ?? ('PUT' as const),
    enabled: account?.enabled ?? true,
    maxTransactionAmount: toMajor(account?.maxTransactionAmount ?? DEFAULT_MAX_TRANSACTION_AMOUNT),
  };
}

export type MerchantFormOutput = MerchantAccountInput;
