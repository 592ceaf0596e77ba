import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where image files live (issue 7 §3). Keys follow spec 01 §7.3's path scheme
 * (tenants/{tenant}/restaurants/{restaurant}/{folder}/{file}, tenants/{tenant}/{folder}/{file},
 * site-config/{folder}/{file}); file names are content-hashed, so a key's bytes never change and may be
 * cached forever.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public URL of a key. */
  urlOf(key: string): string;
  /** The key behind a URL this storage handed out, or null. */
  keyOf(url: string): string | null;
  /** The expected URL shape, for error messages. */
  readonly urlFormat: string;
}

/** A key: lowercase path segments, no `..`, a file name with an image extension. */
export const IMAGE_KEY_PATTERN =
  /^(tenants\/[1-9]\d*\/(restaurants\/[1-9]\d*\/)?|site-config\/)[a-z0-9][a-z0-9-]{0,62}\/[a-z0-9][a-z0-9.-]{0,120}\.(jpg|png|webp)$/;

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const urlFormatFor = (base: string) =>
  `${base}/tenants/{tenantId}/restaurants/{restaurantId}/{folder}/{file}, ${base}/tenants/{tenantId}/{folder}/{file} or ${base}/site-config/{folder}/{file}`;

function keyFromUrl(base: string, url: string): string | null {
  let parsed: URL;
  let baseUrl: URL;
  try {
    parsed = new URL(url);
    baseUrl = new URL(base);
  } catch {
    return null;
  }
  const prefix = `${baseUrl.pathname.replace(/\/$/, '')}/`;
  if (parsed.origin !== baseUrl.origin || !parsed.pathname.startsWith(prefix) || parsed.search || parsed.hash)
    return null;
  const key = parsed.pathname.slice(prefix.length);
  return IMAGE_KEY_PATTERN.test(key) ? key : null;
}

/** The default: files under a directory, served by the Brigade server at `baseUrl` (see routes/media.ts). */
export class LocalDiskStorage implements ImageStorage {
  readonly kind = 'local';
  readonly root: string;
  readonly urlFormat: string;
  constructor(
    directory: string,
    private readonly baseUrl: string,
  ) {
    this.root = resolve(directory);
    this.urlFormat = urlFormatFor(baseUrl);
  }

  /** The file of a key; null when the key is not one (so no path can leave the directory). */
  pathOf(key: string): string | null {
    if (!IMAGE_KEY_PATTERN.test(key)) return null;
    const path = resolve(join(this.root, key));
    return path.startsWith(this.root + sep) ? path : null;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`Invalid image key ${key}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async read(key: string): Promise<Buffer | null> {
    const path = this.pathOf(key);
    if (!path) return null;
    try {
      return await readFile(path);
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`Invalid image key ${key}`);
    await rm(path);
  }

  urlOf(key: string): string {
    return `${this.baseUrl}/${key}`;
  }

  keyOf(url: string): string | null {
    return keyFromUrl(this.baseUrl, url);
  }
}

export { keyFromUrl, urlFormatFor };
