import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BrigadeError } from '@brigade/domain/errors';

/**
 * The one way Brigade keeps a secret it must use again later (gateway credentials, OAuth tokens, API keys):
 * AES-256-GCM under a key from configuration (SECRETS_KEY), a fresh 96-bit nonce per seal, and the record the
 * secret belongs to as additional data, so a sealed value copied onto another row does not open there.
 *
 * Sealed form: `v1.<base64url(nonce ‖ tag ‖ ciphertext)>`. The key is 32 bytes, given base64-encoded.
 */
export interface SealedBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or an error when the value was altered, sealed for another record or under another key. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

export function createSealedBox(key: Uint8Array): SealedBox {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`A secrets key is ${SECRETS_KEY_BYTES} bytes`);
  const secretKey = Buffer.from(key);
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secretKey, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const packed = Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]);
      return `${VERSION}.${packed.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, body] = sealed.split('.');
      if (version !== VERSION || !body) throw unreadable();
      const packed = Buffer.from(body, 'base64url');
      if (packed.length < NONCE_BYTES + TAG_BYTES) throw unreadable();
      const decipher = createDecipheriv('aes-256-gcm', secretKey, packed.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(packed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(packed.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw unreadable();
      }
    },
  };
}

const unreadable = () =>
  new BrigadeError(
    'unavailable',
    'SECRET_UNREADABLE',
    'A stored secret cannot be read with the configured SECRETS_KEY; enter the credentials again',
  );

/** SECRETS_KEY's value: 32 bytes in base64 (or base64url); null when it is not that. */
export function parseSecretsKey(value: string): Uint8Array | null {
  const bytes = Buffer.from(
    value.trim(),
    value.includes('-') || value.includes('_') ? 'base64url' : 'base64',
  );
  return bytes.length === SECRETS_KEY_BYTES ? bytes : null;
}

/**
 * Development's key: read from `path`, or generated there (readable by the owner only) on first use, so
 * sealed values survive restarts without anyone configuring a key.
 */
export function developmentSecretsKey(path: string): Uint8Array {
  if (existsSync(path)) {
    const key = parseSecretsKey(readFileSync(path, 'utf8'));
    if (key) return key;
    throw new Error(`${path} does not hold a ${SECRETS_KEY_BYTES}-byte base64 key`);
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(SECRETS_KEY_BYTES);
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return key;
}
