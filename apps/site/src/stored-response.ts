import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CachedPage } from './cache';
import type { SiteRequest, SiteResponse } from './request';

type Encoding = 'identity' | 'gzip' | 'br';
interface Prepared {
  etag: string;
  /** For 304: no Content-Encoding. */
  headers: Record<string, string>;
  encodedHeaders: Record<string, string>;
}
const prepared = new WeakMap<CachedPage, Partial<Record<Encoding, Prepared>>>();

/** A stored page's bytes in the encoding the client takes, or 304 when its copy is current. */
export function storedResponse(page: CachedPage, request: SiteRequest): SiteResponse {
  const accept = request.acceptEncoding ?? '';
  const encoding: Encoding =
    accept.includes('br') && /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
  const { etag, headers, encodedHeaders } = preparedHeaders(page, encoding);
  if (page.status === 200 && request.ifNoneMatch && matches(request.ifNoneMatch, etag)) {
    return { status: 304, headers, body: '' };
  }
  const body =
    encoding === 'br'
      ? (page.br ?? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
      : encoding === 'gzip'
        ? (page.gzip ?? gzipSync(page.body, { level: 6 }))
        : page.body;
  return { status: page.status, headers: encodedHeaders, body };
}

/** A stored page's response headers, per encoding, built once (the hot path only looks them up). */
function preparedHeaders(page: CachedPage, encoding: Encoding): Prepared {
  let byEncoding = prepared.get(page);
  if (!byEncoding) {
    byEncoding = {};
    prepared.set(page, byEncoding);
  }
  const ready = byEncoding[encoding];
  if (ready) return ready;
  const ok = page.status === 200;
  const etag =
    encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  const headers: Record<string, string> = {
    'content-type': page.contentType,
    vary: 'Accept-Encoding',
    'cache-control': ok
      ? `public, max-age=0, s-maxage=${page.sMaxAge}, stale-while-revalidate=60`
      : 'no-cache',
    ...(ok ? { etag } : {}),
    ...page.headers,
  };
  const result = {
    etag,
    headers,
    encodedHeaders: encoding === 'identity' ? headers : { ...headers, 'content-encoding': encoding },
  };
  byEncoding[encoding] = result;
  return result;
}

function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
