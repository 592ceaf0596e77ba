import type { Executor } from '@brigade/db/database';
import { isInstanceAlive } from '@brigade/db/instance-presence';
import { type ImageStorage, LocalDiskStorage } from '@brigade/images/storage';
import { deletePendingUploads, pendingUploadsOf, pendingWriters } from './image-repository';

export interface SweepResult {
  uploads: number;
  files: number;
}

/**
 * Removes what uploads of server instances that are gone (killed mid-upload) left behind: their files,
 * then their pending records (files first, so a crash during the sweep leaves records to sweep again), and
 * the half-written files in local storage's `.incoming`. Run at start-up, before serving
 * (docs/decisions/015-crash-safety.md). `self` is this instance, whose uploads are never touched.
 */
export async function sweepAbandonedUploads(
  deps: { db: Executor; storage: ImageStorage },
  self: string,
): Promise<SweepResult> {
  const result: SweepResult = { uploads: 0, files: 0 };
  const isGone = async (writer: string) => writer !== self && !(await isInstanceAlive(deps.db, writer));
  for (const writer of await pendingWriters(deps.db, self)) {
    if (!(await isGone(writer))) continue;
    const uploads = await pendingUploadsOf(deps.db, writer);
    for (const upload of uploads) {
      for (const key of upload.keys) {
        // A key the upload had not written yet is simply missing.
        if (
          await deps.storage.delete(key).then(
            () => true,
            () => false,
          )
        )
          result.files += 1;
      }
    }
    await deletePendingUploads(
      deps.db,
      uploads.map((upload) => upload.id),
    );
    result.uploads += uploads.length;
  }
  if (deps.storage instanceof LocalDiskStorage) await deps.storage.sweepIncoming(isGone);
  return result;
}
