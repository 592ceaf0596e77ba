import pg from 'pg';
import type { Database } from './database';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export interface NotificationListener {
  /** Resolves once the listener is connected. */
  ready: Promise<void>;
  /** Whether announcements are heard now (false before `ready` and while a lost connection is re-made). */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * Hears every NOTIFY on a channel, from any connection or process, with its payload (the change feed's
 * triggers announce writes this way at commit). PostgreSQL: a dedicated connection that reconnects after
 * a second and reports the gap (`onGap`: what was announced meanwhile is lost). PGlite: its own listen.
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
  const pool = database.pool;
  if (!pool) throw new Error('listenForNotifications needs PGlite or a PostgreSQL pool');
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let gaps = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    let lost = false;
    // A dropped connection (an error, or the socket simply ending: a proxy or the network cut it): report
    // the gap and reconnect, once however the loss shows.
    const onLost = () => {
      if (lost || closed) return;
      lost = true;
      gaps += 1;
      handlers.onGap();
      if (client === next) client = null;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect().catch(onFailed), 1000);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    // What was announced between the loss and this LISTEN was lost too: a cache that kept something in
    // that while (read before a write it never heard of) drops it now.
    if (gaps > 0) handlers.onGap();
  };
  const onFailed = () => {
    if (!closed) retry = setTimeout(() => void connect().catch(onFailed), 1000);
  };
  const ready = connect().catch(onFailed);
  return {
    ready,
    listening: () => client !== null && !closed,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
