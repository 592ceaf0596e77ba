import { hash as digest, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random 256-bit token, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * What is stored in place of a token: its SHA-256, so the database never holds a usable credential. Every
 * authenticated request hashes its token: the one-shot digest costs ~0.5 µs, createHash's ~4 µs (issue 20).
 */
export const hashToken = (token: string) => digest('sha256', token, 'hex');

// argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes): ~20 ms a hash on this machine.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Unknown accounts are checked against a real hash too, so response time does not reveal which emails exist.
  const target = passwordHash ?? (await dummyHash());
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
const dummyHash = () => {
  dummy ??= hashPassword(randomToken());
  return dummy;
};
