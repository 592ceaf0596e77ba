import type { Executor } from '@brigade/db/database';
import { users } from '@brigade/db/schema/identity';
import { inArray } from 'drizzle-orm';

/** The display names of the users who took payments or acted on them, for the screens ("system" → System). */
export async function userNames(ex: Executor, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => id !== 'system');
  const names = new Map<string, string>([['system', 'System']]);
  if (wanted.length === 0) return names;
  const rows = await ex
    .select({ uid: users.uid, displayName: users.displayName })
    .from(users)
    .where(inArray(users.uid, wanted));
  for (const row of rows) names.set(row.uid, row.displayName);
  return names;
}
