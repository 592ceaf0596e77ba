import { type CachedPage, compressedNow, type Encoding, encodingOf } from './cache';
import type { SiteRequest, SiteResponse } from './request';

interface Prepared {
  etag: string;
  /** For 304: no Content-Encoding. */
  headers: Record<string, string>;
  encodedHeaders: Record<string, string>;
}

/**
 * What is worked out once per page and kept with it: its headers per encoding, and the encodings made later.
 * Kept on the page itself, in a property no spread copies (a symbol, not enumerable), rather than in a
 * WeakMap beside it: each entry of a WeakMap is an ephemeron, which the collector's full pause goes over
 * again until nothing changes, and under a flood of misses every page passed through one (issue 20).
 */
const MEMO = Symbol('stored response');
interface Memo {
  prepared: Partial<Record<Encoding, Prepared>>;
  /** Encodings made after the page was stored, for visitors who take another one. */
  later: { gzip?: Buffer; br?: Buffer };
}
function memoOf(page: CachedPage): Memo {
  const kept = (page as { [MEMO]?: Memo })[MEMO];
  if (kept) return kept;
  const memo: Memo = { prepared: {}, later: {} };
  Object.defineProperty(page, MEMO, { value: memo });
  return memo;
}

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
function laterEncoding(page: CachedPage, encoding: 'gzip' | 'br'): Buffer {
  const made = memoOf(page).later;
  made[encoding] ??= compressedNow(page.body, encoding);
  return made[encoding];
}

/** A stored page's response headers, per encoding, built once (the hot path only looks them up). */
function preparedHeaders(page: CachedPage, encoding: Encoding): Prepared {
  const byEncoding = memoOf(page).prepared;
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
