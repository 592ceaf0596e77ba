import { hkdfSync } from 'node:crypto';
import { SECRETS_KEY_BYTES } from './sealed-box';

/**
 * A pepper: a secret derived from SECRETS_KEY (the one key of sealed-box.ts) for one purpose, mixed into a
 * hash so that the stored hash alone cannot be checked against guesses. HKDF-SHA256 with the purpose as its
 * info, so each purpose's pepper is independent of the others and of the sealing key itself.
 */
export function derivePepper(secretsKey: Uint8Array, purpose: string): Uint8Array {
  if (secretsKey.length !== SECRETS_KEY_BYTES) throw new Error(`A secrets key is ${SECRETS_KEY_BYTES} bytes`);
  return new Uint8Array(hkdfSync('sha256', secretsKey, new Uint8Array(0), `brigade:${purpose}`, 32));
}

/** The pepper of register passcodes (core/staff/passcodes.ts, decision 062). */
export const PASSCODE_PEPPER_PURPOSE = 'register-passcode-pepper:v2';
