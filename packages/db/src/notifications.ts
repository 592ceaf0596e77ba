import pg from 'pg';
import type { Database } from './database';

/**
 * A PostgreSQL LISTEN/NOTIFY channel shared by every server instance on one database: `notify` announces a
 * change (after it committed), and every instance's listener, this one's included, hears it within
 * milliseconds. The listener holds its own connection (not one of the pool's) and reconnects after a second
 * if the connection drops; while it is down, the caches it protects still expire by their TTL.
 * On PGlite (one process) there is no other instance: notify calls the local handler directly.
 */
export interface ChangeChannel {
  notify(): Promise<void>;
  /** Resolves once the listener is connected (PostgreSQL), at once on PGlite. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export function openChangeChannel(database: Database, channel: string, onChange: () => void): ChangeChannel {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const pool = database.pool;
  if (!pool) {
    return {
      notify: async () => onChange(),
      ready: Promise.resolve(),
      close: async () => {},
    };
  }
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel) onChange();
    });
    next.on('error', () => {
      // A dropped connection: clear (changes may have been missed) and reconnect.
      onChange();
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  const ready = connect().catch(() => {
    if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
  });
  return {
    notify: async () => {
      onChange();
      await pool.query('select pg_notify($1, $2)', [channel, String(process.pid)]);
    },
    ready,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
