import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './database';
import type { NotificationListener } from './direct-connection';

export type { NotificationListener } from './direct-connection';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Hears every NOTIFY on a channel, from any connection or process, with its payload (the change feed's
 * triggers announce writes this way at commit). PostgreSQL: on the process's direct connection
 * (direct-connection.ts: never through a pooler), which reconnects after a second and reports the gap
 * (`onGap`: what was announced meanwhile is lost). PGlite: its own listen.
 */
export function listenForNotifications(
  database: Database,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onGap: () => void },
): NotificationListener {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  if (database.pglite) {
    const unsubscribe = database.pglite.listen(channel, (payload) => handlers.onMessage(payload));
    let heard = false;
    let stopped = false;
    return {
      ready: unsubscribe.then(() => {
        heard = true;
      }),
      listening: () => heard && !stopped,
      close: async () => {
        stopped = true;
        await (await unsubscribe)().catch(() => {});
      },
    };
  }
  if (!database.direct) throw new Error('listenForNotifications needs PGlite or a PostgreSQL connection');
  return database.direct.listen(channel, handlers);
}

const ECHO_CHANNEL = 'brigade_echo';

/**
 * Whether this process hears its own NOTIFY within `timeoutMs` (decision 064): false when its listening
 * connection goes through a pooler in transaction mode, where LISTEN hears nothing (or cannot connect).
 * Always true on PGlite. Asked once at start-up.
 */
export async function hearsItself(database: Database, timeoutMs = 2000): Promise<boolean> {
  if (!database.direct) return true;
  const token = randomUUID();
  let heard = false;
  const listener = database.direct.listen(ECHO_CHANNEL, {
    onMessage: (payload) => {
      if (payload === token) heard = true;
    },
    onGap: () => {},
  });
  try {
    await listener.ready;
    if (!listener.listening()) return false;
    await database.db.execute(sql`select pg_notify(${ECHO_CHANNEL}, ${token})`);
    const deadline = Date.now() + timeoutMs;
    while (!heard && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return heard;
  } finally {
    await listener.close();
  }
}
