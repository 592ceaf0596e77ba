import { randomBytes } from 'node:crypto';
import type { Answer } from '@brigade/integration-kit/emulator/answers';
import {
  type EmulatorRequest as Request,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';

/**
 * A local stand-in for two CDNs' purge APIs (docs/operations/cdn.md#the-emulator), on the kit's emulator server
 * (decision 060), faithful enough that Cloudflare's own `cloudflare` package purges through it unmodified:
 * - Cloudflare: `POST /client/v4/zones/{zone}/purge_cache`, a bearer token, a JSON body with exactly one of
 *   `tags` (at most 30), `hosts`, `prefixes`, `files` or `purge_everything: true`; answers
 *   `{success, errors, messages, result: {id}}`, 10000 "Authentication error" for a wrong token, 1012 for a
 *   body with none or several.
 * - Fastly: `POST /service/{service}/purge` with keys in `Surrogate-Key` (at most 256), or `…/purge_all`, the
 *   token in `Fastly-Key`; answers `{key: purge id}` per key, or `{status: "ok"}`; 401 for a wrong token.
 * Every purge it took is recorded (`purges`), for tests to read. Faults: the kit's `POST /emulator/faults`.
 */

export const EMULATOR_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
export const EMULATOR_TOKEN = 'emulator-cdn-token';

export interface EmulatedPurge {
  provider: 'cloudflare' | 'fastly';
  zone: string;
  /** The keys (tags) purged; empty with `everything`. */
  keys: string[];
  everything: boolean;
}

export interface CdnEmulator {
  url: string;
  zone: string;
  token: string;
  purges: EmulatedPurge[];
  close(): Promise<void>;
}

const json = (status: number, body: unknown): Answer => ({
  status,
  text: JSON.stringify(body),
  contentType: 'application/json; charset=utf-8',
});
const cloudflareError = (status: number, code: number, message: string) =>
  json(status, { success: false, errors: [{ code, message }], messages: [], result: null });

function cloudflare(req: Request, zone: string, token: string, purges: EmulatedPurge[]): Answer {
  if (req.header('authorization') !== `Bearer ${token}`)
    return cloudflareError(403, 10000, 'Authentication error');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(req.text ?? '') as Record<string, unknown>;
  } catch {
    return cloudflareError(
      400,
      1012,
      'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"',
    );
  }
  const given = ['purge_everything', 'files', 'tags', 'hosts', 'prefixes'].filter(
    (k) => body[k] !== undefined,
  );
  if (given.length !== 1)
    return cloudflareError(
      400,
      1012,
      'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"',
    );
  const tags = body.tags;
  if (
    tags !== undefined &&
    (!Array.isArray(tags) || tags.length > 30 || !tags.every((t) => typeof t === 'string'))
  )
    return cloudflareError(400, 1018, 'Tags must be an array of at most 30 strings');
  const everything = body.purge_everything === true;
  purges.push({
    provider: 'cloudflare',
    zone,
    keys: everything ? [] : ((tags as string[]) ?? []),
    everything,
  });
  return json(200, {
    success: true,
    errors: [],
    messages: [],
    result: { id: randomBytes(16).toString('hex') },
  });
}

function fastly(req: Request, zone: string, token: string, purges: EmulatedPurge[], all: boolean): Answer {
  if (req.header('fastly-key') !== token)
    return json(401, { msg: 'Provided credentials are missing or invalid' });
  if (all) {
    purges.push({ provider: 'fastly', zone, keys: [], everything: true });
    return json(200, { status: 'ok' });
  }
  const keys = (req.header('surrogate-key') ?? '').split(/\s+/).filter(Boolean);
  if (keys.length === 0 || keys.length > 256)
    return json(400, { msg: 'Surrogate-Key must name 1 to 256 keys' });
  purges.push({ provider: 'fastly', zone, keys, everything: false });
  return json(200, Object.fromEntries(keys.map((key) => [key, `${randomBytes(8).toString('hex')}-purge`])));
}

export async function startCdnEmulator(
  options: { port?: number; zone?: string; token?: string } = {},
): Promise<CdnEmulator> {
  const zone = options.zone ?? EMULATOR_ZONE;
  const token = options.token ?? EMULATOR_TOKEN;
  const purges: EmulatedPurge[] = [];
  const server = await startEmulatorServer({
    name: 'CDN emulator',
    port: options.port,
    handle: (req) => {
      if (req.method !== 'POST') return json(405, { error: 'Method Not Allowed' });
      if (req.path === `/client/v4/zones/${zone}/purge_cache`) return cloudflare(req, zone, token, purges);
      if (req.path === `/service/${zone}/purge`) return fastly(req, zone, token, purges, false);
      if (req.path === `/service/${zone}/purge_all`) return fastly(req, zone, token, purges, true);
      return json(404, { success: false, errors: [{ code: 7003, message: 'Could not route to the path' }] });
    },
  });
  return { url: server.url, zone, token, purges, close: server.close };
}
