import type { Executor } from '@brigade/db/database';
import { images } from '@brigade/db/schema/images';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';

/**
 * The record of every upload and the storage keys of its files (docs/decisions/015-crash-safety.md), kept
 * in step with storage by the image service: pending before the first file is written, stored after the
 * last, and the keys a delete removed are taken out.
 */
export interface ImageRecords {
  /** Records an upload about to write `keys`, pending under `writer` (this server instance). */
  begin(upload: {
    id: string;
    tenantId?: number | undefined;
    restaurantId?: number | undefined;
    keys: string[];
    writer: string;
  }): Promise<void>;
  /** Marks the upload stored; false when it is no longer pending (swept for dead meanwhile). */
  complete(id: string): Promise<boolean>;
  /** Forgets a pending upload that failed (the caller removes its files). */
  abandon(id: string): Promise<void>;
  /** Takes deleted keys out of their images; an image with no file left is forgotten. */
  forgetKeys(keys: string[]): Promise<void>;
}

export function imageRecords(ex: Executor): ImageRecords {
  return {
    async begin(upload) {
      await ex.insert(images).values({
        id: upload.id,
        tenantId: upload.tenantId ?? null,
        restaurantId: upload.restaurantId ?? null,
        keys: upload.keys,
        status: 'pending',
        writer: upload.writer,
      });
    },
    async complete(id) {
      const rows = await ex
        .update(images)
        .set({ status: 'stored', updatedAt: sql`now()` })
        .where(and(eq(images.id, id), eq(images.status, 'pending')))
        .returning({ id: images.id });
      return rows.length > 0;
    },
    async abandon(id) {
      await ex.delete(images).where(and(eq(images.id, id), eq(images.status, 'pending')));
    },
    async forgetKeys(keys) {
      if (keys.length === 0) return;
      const list = sql`array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`;
      await ex.transaction(async (tx) => {
        await tx
          .update(images)
          .set({
            keys: sql`array(select k from unnest(${images.keys}) as k where k <> all(${list}))`,
            updatedAt: sql`now()`,
          })
          .where(sql`${images.keys} && ${list}`);
        await tx.delete(images).where(sql`cardinality(${images.keys}) = 0`);
      });
    },
  };
}

/** Writers (server instances) other than `self` with uploads still pending. */
export async function pendingWriters(ex: Executor, self: string): Promise<string[]> {
  const rows = await ex
    .selectDistinct({ writer: images.writer })
    .from(images)
    .where(and(eq(images.status, 'pending'), ne(images.writer, self)));
  return rows.map((row) => row.writer);
}

/** The pending uploads of a writer: their ids and keys. */
export async function pendingUploadsOf(ex: Executor, writer: string) {
  return ex
    .select({ id: images.id, keys: images.keys })
    .from(images)
    .where(and(eq(images.status, 'pending'), eq(images.writer, writer)));
}

export async function deletePendingUploads(ex: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await ex.delete(images).where(and(eq(images.status, 'pending'), inArray(images.id, ids)));
}
