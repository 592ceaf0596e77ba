import {
  categoryOfStatus,
  exchange,
  IntegrationError,
  NoAnswerError,
  retryAfterMs,
} from '@brigade/integration-kit/http';

/**
 * Brigade's client of a CDN's purge API (docs/operations/cdn.md, issue 48): public pages carry surrogate keys
 * (one for the restaurant, one for its organization), and a change purges the pages of those keys, so a CDN
 * may keep a page for hours instead of a minute. Two APIs:
 * - Cloudflare: `POST /client/v4/zones/{zone}/purge_cache` with `{"tags": [...]}` (at most 30 a call) or
 *   `{"purge_everything": true}`, a bearer API token; the answer is `{success, errors, result: {id}}`.
 * - Fastly: `POST /service/{service}/purge` with the keys in a `Surrogate-Key` header (at most 256 a call), or
 *   `POST /service/{service}/purge_all`, the API token in `Fastly-Key`.
 * The client does not retry: the `cdn.purge` job does. The token stays in this object; no error carries it.
 */

export type CdnProvider = 'cloudflare' | 'fastly';

export interface CdnOptions {
  provider: CdnProvider;
  /** `https://api.cloudflare.com` or `https://api.fastly.com` (or the emulator's address). */
  baseUrl: string;
  /** Cloudflare's zone id, or Fastly's service id. */
  zone: string;
  apiToken: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class CdnError extends IntegrationError {
  constructor(
    category: ConstructorParameters<typeof IntegrationError>[0],
    message: string,
    status?: number,
    waitMs?: number,
  ) {
    super(category, message, { service: 'CDN', call: 'purge', status, retryAfterMs: waitMs });
    this.name = 'CdnError';
  }
}

/** Each API's limit of keys in one call. */
const KEYS_PER_CALL: Record<CdnProvider, number> = { cloudflare: 30, fastly: 256 };

export const DEFAULT_CDN_BASE_URLS: Record<CdnProvider, string> = {
  cloudflare: 'https://api.cloudflare.com',
  fastly: 'https://api.fastly.com',
};

export class CdnClient {
  readonly #options: CdnOptions;

  constructor(options: CdnOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  /** Purges every page carrying any of `keys`, in as many calls as the API's limit asks. */
  async purgeKeys(keys: readonly string[], signal?: AbortSignal): Promise<void> {
    const limit = KEYS_PER_CALL[this.#options.provider];
    for (let at = 0; at < keys.length; at += limit) await this.#purge(keys.slice(at, at + limit), signal);
  }

  /** Purges every page the CDN holds for the site (a change to every tenant's pages). */
  purgeEverything(signal?: AbortSignal): Promise<void> {
    return this.#purge('everything', signal);
  }

  async #purge(keys: readonly string[] | 'everything', signal?: AbortSignal): Promise<void> {
    const o = this.#options;
    const zone = encodeURIComponent(o.zone);
    const request: { url: string; headers: Record<string, string>; body: string | undefined } =
      o.provider === 'cloudflare'
        ? {
            url: `${o.baseUrl}/client/v4/zones/${zone}/purge_cache`,
            headers: { authorization: `Bearer ${o.apiToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(keys === 'everything' ? { purge_everything: true } : { tags: keys }),
          }
        : {
            url: `${o.baseUrl}/service/${zone}/${keys === 'everything' ? 'purge_all' : 'purge'}`,
            headers: {
              'fastly-key': o.apiToken,
              accept: 'application/json',
              ...(keys === 'everything' ? {} : { 'surrogate-key': keys.join(' ') }),
            },
            body: undefined,
          };
    let answer: Awaited<ReturnType<typeof exchange>>;
    try {
      answer = await exchange({
        url: request.url,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        method: 'POST',
        timeoutMs: o.timeoutMs ?? 10_000,
        signal,
        fetch: o.fetch,
      });
    } catch (error) {
      if (error instanceof NoAnswerError)
        throw new CdnError(error.reason === 'timeout' ? 'timeout' : 'network', `CDN purge: ${error.message}`);
      throw error;
    }
    if (!answer.ok) {
      const wait = answer.status === 429 || answer.status >= 500 ? retryAfterMs(answer.headers) : undefined;
      throw new CdnError(
        categoryOfStatus(answer.status),
        `CDN purge answered ${answer.status}`,
        answer.status,
        wait,
      );
    }
    if (o.provider === 'cloudflare' && !cloudflareSucceeded(answer.text))
      throw new CdnError('bad-answer', 'Cloudflare answered without success');
  }
}

function cloudflareSucceeded(text: string): boolean {
  try {
    return (JSON.parse(text) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}
