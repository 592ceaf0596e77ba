import type { TextSender } from '@brigade/core/identity/texter';
import { startOnFirstUse } from '@brigade/integration-kit/start-on-first-use';
import { TwilioClient } from '@brigade/twilio/client';
import { EMULATOR_FROM, startTwilioEmulator, type TwilioEmulator } from '@brigade/twilio/emulator';
import type { SmsConfig } from './config-sms';

/**
 * Who sends the texts of the SMS outbox (docs/operations/sms.md): Twilio, the in-process Twilio emulator
 * (started on first use), or nobody (texts stay in the outbox). The auth token lives in the client only.
 */
export interface SmsRuntime {
  mode: SmsConfig['mode'];
  sender(): Promise<TextSender | undefined>;
  /** The emulator (started on first call) when it stands in for Twilio; null otherwise. */
  emulator(): Promise<TwilioEmulator> | null;
  description: string;
  close(): Promise<void>;
}

export function createSmsRuntime(sms: SmsConfig): SmsRuntime {
  const emulator = startOnFirstUse<TwilioEmulator>(
    'the Twilio emulator',
    () => startTwilioEmulator(),
    (started) => started.close(),
  );
  const startEmulator = () => emulator.get();
  const clientOf = (url: string, accountSid: string, authToken: string, from: string, apiKeySid?: string) =>
    new TwilioClient({ baseUrl: url, accountSid, authToken, from, apiKeySid });
  // A failed emulator start fails this one too, and both are tried again on the next call.
  const sender = startOnFirstUse<TextSender>('the SMS sender', () =>
    sms.mode === 'twilio'
      ? Promise.resolve(clientOf(sms.url, sms.accountSid!, sms.authToken!, sms.from!, sms.apiKeySid))
      : startEmulator().then((e) => clientOf(e.url, e.accountSid, e.authToken, EMULATOR_FROM)),
  );
  return {
    mode: sms.mode,
    sender: () => (sms.mode === 'off' ? Promise.resolve(undefined) : sender.get()),
    emulator: () => (sms.mode === 'emulator' ? startEmulator() : null),
    description:
      sms.mode === 'twilio'
        ? `Twilio at ${new URL(sms.url).origin}, from ${sms.from}`
        : sms.mode === 'emulator'
          ? 'the built-in Twilio emulator (no TWILIO_ACCOUNT_SID configured)'
          : 'off: texts stay in the outbox (set TWILIO_ACCOUNT_SID to send them)',
    close: () => emulator.close(),
  };
}
