import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { derivePepper, PASSCODE_PEPPER_PURPOSE } from '@brigade/core/secrets/pepper';
import { developmentSecretsKey } from '@brigade/core/secrets/sealed-box';
import { BrigadeError } from '@brigade/domain/errors';
import type { Config } from './config';

/**
 * SECRETS_KEY as this process uses it, once per configuration: the configured key; in tests a key of their own
 * that no file keeps (the same one for the sealed box and the passcode pepper); in development one generated
 * into the data dir. Production without it: an error that names the variable, when something needs it.
 */
const keys = new WeakMap<Config, Uint8Array>();

export function secretsKeyOf(config: Config, needed: string): Uint8Array {
  if (config.secretsKey) return config.secretsKey;
  const known = keys.get(config);
  if (known) return known;
  if (config.env === 'production')
    throw new BrigadeError('unavailable', 'SECRETS_KEY_MISSING', `SECRETS_KEY is not configured: ${needed}`);
  const key =
    config.env === 'test' ? randomBytes(32) : developmentSecretsKey(join(config.dataDir, 'secrets.key'));
  keys.set(config, key);
  return key;
}

/** The register passcodes' pepper (decision 062), derived from SECRETS_KEY once. */
export function passcodePepperOf(config: Config): () => Uint8Array {
  let pepper: Uint8Array | undefined;
  return () => {
    pepper ??= derivePepper(
      secretsKeyOf(config, 'register passcodes cannot be checked'),
      PASSCODE_PEPPER_PURPOSE,
    );
    return pepper;
  };
}
