import { z } from 'zod';

/**
 * Text messages (docs/operations/sms.md): alerts about online orders nobody accepted go to the restaurant's
 * alert phone through Twilio. With an account SID configured Twilio sends them; without one, outside
 * production, the built-in Twilio emulator takes them (SMS_EMULATOR=off turns it off); otherwise texts stay in
 * the outbox table. TWILIO_AUTH_TOKEN is a secret: it stays in the client (`authToken` is on the log's
 * redaction list).
 */
export const smsEnvironment = {
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID: AC and 32 hexadecimal characters')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1, 'must not be empty').optional(),
  TWILIO_API_KEY_SID: z
    .string()
    .trim()
    .regex(/^SK[0-9a-fA-F]{32}$/, 'must be an API key SID: SK and 32 hexadecimal characters')
    .optional(),
  TWILIO_FROM: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/,
      'must be a number such as +15551234567 or a messaging service SID (MG…)',
    )
    .optional(),
  TWILIO_API_URL: z
    .url({ error: 'must be a URL such as https://api.twilio.com' })
    .default('https://api.twilio.com'),
  SMS_EMULATOR: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
};

type SmsEnvironment = z.infer<z.ZodObject<typeof smsEnvironment>> & { NODE_ENV: string };

export interface SmsConfig {
  /** `twilio`: Twilio sends; `emulator`: the in-process Twilio emulator; `off`: texts stay in the outbox. */
  mode: 'twilio' | 'emulator' | 'off';
  url: string;
  accountSid: string | undefined;
  authToken: string | undefined;
  apiKeySid: string | undefined;
  from: string | undefined;
}

/** Variables that only make sense together. */
export function smsProblems(c: SmsEnvironment): string[] {
  if (!c.TWILIO_ACCOUNT_SID) return [];
  return (['TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
    .filter((name) => !c[name])
    .map((name) => `  ${name}: required when TWILIO_ACCOUNT_SID is set`);
}

export function smsConfigOf(c: SmsEnvironment): SmsConfig {
  const emulator = (c.SMS_EMULATOR ?? (c.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
  return {
    mode: c.TWILIO_ACCOUNT_SID ? 'twilio' : emulator ? 'emulator' : 'off',
    url: c.TWILIO_API_URL.replace(/\/+$/, ''),
    accountSid: c.TWILIO_ACCOUNT_SID,
    authToken: c.TWILIO_AUTH_TOKEN,
    apiKeySid: c.TWILIO_API_KEY_SID,
    from: c.TWILIO_FROM,
  };
}
