import { validationError } from '@brigade/domain/errors';
import { COMMON_PASSWORD_MESSAGE } from '@brigade/domain/user';

/**
 * How many of the most used passwords a new password may not be: the first 10,000 of zxcvbn's list of ~49,000,
 * ranked by how often they appear in leaked password sets (the "10k most common" threshold NIST SP 800-63B's
 * blocklist advice is usually met with). Compared without case: "Password123" is "password123".
 */
export const REFUSED_COMMON_PASSWORDS = 10_000;

let refused: Promise<ReadonlySet<string>> | undefined;

// loaded on the first password set, not at start-up: the list is ~380 KB of module a server rarely needs
const refusedPasswords = () => {
  refused ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, REFUSED_COMMON_PASSWORDS)),
  );
  return refused;
};

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await refusedPasswords()).has(password.toLowerCase());
}

/** 400 on `path` when a new password is one of the most used ones (sign-up, invitations, resets, changes). */
export async function refuseCommonPassword(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password))
    throw validationError(COMMON_PASSWORD_MESSAGE, [{ path, message: COMMON_PASSWORD_MESSAGE }]);
}
