import {
  MERCHANT_CREDENTIALS_MESSAGE,
  type MerchantAccountInput,
  merchantAccountInputSchema,
} from '@brigade/domain/payments/api';
import type { MerchantAccount } from '../../payments-kit/payments-api';

/**
 * The merchant account form: the API's own schema. Connecting needs the API username and password; on a
 * connected account both blank keep the stored credentials, and one without the other is refused.
 */
export function merchantFormSchema(connected: boolean) {
  return merchantAccountInputSchema.superRefine((values, context) => {
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
  };
}

export type MerchantFormOutput = MerchantAccountInput;
