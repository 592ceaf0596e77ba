import type { Executor } from '@brigade/db/database';
import { listingPosts } from '@brigade/db/schema/business-listing';
import { users } from '@brigade/db/schema/identity';
import { and, desc, eq } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

/** Stored Google posts (migration 0023), with the name of who published them. */
export type PostRow = typeof listingPosts.$inferSelect & { createdByName: string | null };
export type NewPostRow = typeof listingPosts.$inferInsert;
export type PostChanges = Partial<
  Pick<
    NewPostRow,
    | 'content'
    | 'callToActionType'
    | 'callToActionUrl'
    | 'state'
    | 'searchUrl'
    | 'googleUpdatedAt'
    | 'updatedBy'
  >
>;

const p = listingPosts;

function selectPosts(ex: Executor) {
  return ex
    .select({ row: p, createdByName: users.displayName })
    .from(p)
    .leftJoin(users, eq(users.uid, p.createdBy));
}

const flatten = (found: { row: typeof p.$inferSelect; createdByName: string | null }): PostRow => ({
  ...found.row,
  createdByName: found.createdByName,
});

/** The connection's posts, newest first. */
export async function listPostsOf(
  ex: Executor,
  connection: { connectionId: string; tenantId: number },
  limit: number,
): Promise<PostRow[]> {
  const found = await selectPosts(ex)
    .where(and(tenantIs(p.tenantId, connection.tenantId), eq(p.connectionId, connection.connectionId)))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
  return found.map(flatten);
}

/** One of the connection's posts; null for an id that is not one (or is another connection's). */
export async function findPost(
  ex: Executor,
  connection: { connectionId: string; tenantId: number },
  postId: string,
): Promise<PostRow | null> {
  const [found] = await selectPosts(ex)
    .where(
      and(
        tenantIs(p.tenantId, connection.tenantId),
        eq(p.connectionId, connection.connectionId),
        eq(p.id, postId),
      ),
    )
    .limit(1);
  return found ? flatten(found) : null;
}

export async function insertPost(ex: Executor, row: NewPostRow): Promise<string> {
  const [created] = await ex.insert(p).values(row).returning({ id: p.id });
  return created!.id;
}

export async function updatePostRow(ex: Executor, postId: string, changes: PostChanges): Promise<void> {
  await ex
    .update(p)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(p.id, postId));
}

export async function deletePostRow(ex: Executor, postId: string): Promise<void> {
  await ex.delete(p).where(eq(p.id, postId));
}
