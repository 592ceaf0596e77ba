import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where image files live (issue 7 §3). Keys follow the path scheme
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

/** Where files are written before they are renamed into place: one folder per server instance. */
export const INCOMING_DIR = '.incoming';

/**
 * The default: files under a directory, served by the Brigade server at `baseUrl` (see routes/images.ts).
 * A file is written under `.incoming/<instance>/` and renamed to its key, so a key never holds a partly
 * written file, even when the process is killed mid-write; what a dead instance left in `.incoming` is
 * removed at the next start (`sweepIncoming`).
 */
export class LocalDiskStorage implements ImageStorage {
  readonly kind = 'local';
  readonly root: string;
  readonly urlFormat: string;
  private readonly instanceId: string;
  constructor(
    directory: string,
    private readonly baseUrl: string,
    options: { instanceId?: string } = {},
  ) {
    this.root = resolve(directory);
    this.urlFormat = urlFormatFor(baseUrl);
    this.instanceId = options.instanceId ?? randomUUID();
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
    const incoming = join(this.root, INCOMING_DIR, this.instanceId);
    const temporary = join(incoming, randomBytes(8).toString('hex'));
    await mkdir(incoming, { recursive: true });
    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Removes what instances that are gone left in `.incoming` (never this instance's own folder). */
  async sweepIncoming(isGone: (instanceId: string) => Promise<boolean>): Promise<string[]> {
    const base = join(this.root, INCOMING_DIR);
    const swept: string[] = [];
    const entries = await readdir(base).catch(() => [] as string[]);
    for (const entry of entries) {
      if (entry === this.instanceId || !(await isGone(entry))) continue;
      await rm(join(base, entry), { recursive: true, force: true });
      swept.push(entry);
    }
    return swept;
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
