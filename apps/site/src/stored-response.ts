import { type CachedPage, compressedNow, type Encoding, encodingOf } from './cache';
import type { SiteRequest, SiteResponse } from './request';

interface Prepared {
  etag: string;
  /** For 304: no Content-Encoding. */
  headers: Record<string, string>;
  encodedHeaders: Record<string, string>;
}
const prepared = new WeakMap<CachedPage, Partial<Record<Encoding, Prepared>>>();

/** A stored page's bytes in the encoding the client takes, or 304 when its copy is current. */
export function storedResponse(page: CachedPage, request: SiteRequest): SiteResponse {
  const encoding = encodingOf(request.acceptEncoding);
  const { etag, headers, encodedHeaders } = preparedHeaders(page, encoding);
  if (page.status === 200 && request.ifNoneMatch && matches(request.ifNoneMatch, etag)) {
    return { status: 304, headers, body: '' };
  }
  const body = encoding === 'identity' ? page.body : (page[encoding] ?? laterEncoding(page, encoding));
  return { status: page.status, headers: encodedHeaders, body };
}

/**
 * A page is stored compressed for the visitor who missed; another encoding is made when first asked for and
 * kept beside it (outside the page cache's byte count: at most one more compressed copy per page).
 */
const laterEncodings = new WeakMap<CachedPage, { gzip?: Buffer; br?: Buffer }>();
function laterEncoding(page: CachedPage, encoding: 'gzip' | 'br'): Buffer {
  let made = laterEncodings.get(page);
  if (!made) {
    made = {};
    laterEncodings.set(page, made);
  }
  made[encoding] ??= compressedNow(page.body, encoding);
  return made[encoding];
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
  // Bytes made at another level are other bytes: their validator differs (a strong ETag names the bytes).
  const quick = page.quick && page[encoding === 'br' ? 'br' : 'gzip'] ? 'q' : '';
  const etag =
    encoding === 'identity'
      ? page.etag
      : `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}${quick}"`;
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
