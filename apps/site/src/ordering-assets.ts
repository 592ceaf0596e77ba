import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type CachedPage, compressedOnce, etagOf } from './cache';
import type { SiteRequest, SiteResponse } from './request';
import { storedResponse } from './stored-response';

/**
 * The ordering script and stylesheet (apps/site/ordering, built by `npm run build:web` into
 * apps/site/dist-ordering): served by every site under a name that carries their content's hash, so a page
 * and the files it names always match and browsers may keep them for a year.
 */
export const ORDERING_ASSET_PREFIX = '/_brigade/';
const DIST = new URL('../dist-ordering/', import.meta.url);
const FILES = {
  script: { file: 'ordering.js', type: 'text/javascript; charset=utf-8' },
  style: { file: 'ordering.css', type: 'text/css; charset=utf-8' },
} as const;

interface Assets {
  paths: { script: string; style: string };
  byPath: Map<string, CachedPage>;
}

let loaded: Assets | null | undefined;

function load(): Assets | null {
  if (loaded !== undefined) return loaded;
  const byPath = new Map<string, CachedPage>();
  const paths: Record<string, string> = {};
  for (const [kind, { file, type }] of Object.entries(FILES)) {
    const url = new URL(file, DIST);
    if (!existsSync(url)) {
      loaded = null;
      return null;
    }
    const body = readFileSync(url);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const path = `${ORDERING_ASSET_PREFIX}${file.replace('.', `-${hash}.`)}`;
    paths[kind] = path;
    byPath.set(path, {
      status: 200,
      contentType: type,
      headers: { 'cache-control': 'public, max-age=31536000, immutable' },
      body,
      ...compressedOnce(body),
      etag: etagOf(body),
      sMaxAge: 31_536_000,
      expires: Number.POSITIVE_INFINITY,
      tenantId: 0,
      restaurantId: 0,
    });
  }
  loaded = { paths: paths as Assets['paths'], byPath };
  return loaded;
}

/** Where the ordering page loads its script and stylesheet from, or null when they were not built. */
export const orderingAssetPaths = (): Assets['paths'] | null => load()?.paths ?? null;

/** The answer for a path under /_brigade/: the asset, or null (the page route answers 404). */
export function orderingAsset(request: SiteRequest): SiteResponse | null {
  const page = load()?.byPath.get(request.path);
  return page ? storedResponse(page, request) : null;
}
