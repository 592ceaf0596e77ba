import pg from 'pg';

/**
 * The one connection per process that holds session state on PostgreSQL (issue 48, decision 064): every
 * LISTEN channel and every session advisory lock (instance presence). A pooler in transaction mode hands
 * each transaction a different server connection, so LISTEN would hear nothing and a session lock would be
 * held by whichever server connection ran it; this connection goes straight to PostgreSQL
 * (`DATABASE_LISTEN_URL`, `DATABASE_URL` when unset). It is opened on first use and, once lost (an error, or
 * the socket simply ending: a proxy, the network, `pg_terminate_backend`), made again after a second: its
 * channels are listened to again, its locks taken again, and each channel hears of the gap twice — when the
 * loss shows (what it holds may already be stale) and once listening again (what was announced meanwhile
 * was lost).
 */

export interface ChannelHandlers {
  onMessage: (payload: string) => void;
  onGap: () => void;
}

export interface NotificationListener {
  /** Resolves once the listener is connected (or its first try failed and a retry is due). */
  ready: Promise<void>;
  /** Whether announcements are heard now (false before `ready` and while a lost connection is re-made). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface HeldLock {
  release(): Promise<void>;
}

/** How the direct connection names itself in `pg_stat_activity` (operators and tests find it by it). */
export const DIRECT_APPLICATION_NAME = 'brigade-direct';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const RETRY_MS = 1000;

export class DirectConnection {
  readonly #config: pg.ClientConfig;
  readonly #channels = new Map<string, Set<ChannelHandlers>>();
  readonly #locks = new Map<string, readonly [number, number]>();
  /** The connection each channel was listened to on (listening now when it is the one in use). */
  readonly #listenedOn = new Map<string, pg.Client>();
  /** The connection in use: connected, listening to every channel and holding every lock. */
  #client: pg.Client | null = null;
  #connecting: Promise<void> | null = null;
  #retry: NodeJS.Timeout | undefined;
  #losses = 0;
  #closed = false;

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  /** How to reach PostgreSQL directly: for a session of one's own (migrations, the side connection). */
  get config(): pg.ClientConfig {
    return this.#config;
  }

  /** Whether the connection is up now (every channel listened to, every lock held). */
  connected(): boolean {
    return this.#client !== null;
  }

  /** Hears every NOTIFY on `channel`, from any connection or process. */
  listen(channel: string, handlers: ChannelHandlers): NotificationListener {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    const entry = { ...handlers };
    let stopped = false;
    const subscribers = this.#channels.get(channel) ?? new Set<ChannelHandlers>();
    const fresh = subscribers.size === 0;
    subscribers.add(entry);
    this.#channels.set(channel, subscribers);
    const client = this.#client;
    // A failed LISTEN means a lost connection: the reconnect listens again.
    const ready = (fresh && client ? this.#listenOn(client, [channel]) : this.#connect()).catch(() => {});
    return {
      ready,
      listening: () => !stopped && this.#client !== null && this.#listenedOn.get(channel) === this.#client,
      close: async () => {
        if (stopped) return;
        stopped = true;
        await ready;
        subscribers.delete(entry);
        if (subscribers.size > 0 || this.#channels.get(channel) !== subscribers) return;
        this.#channels.delete(channel);
        this.#listenedOn.delete(channel);
        await this.#client?.query(`UNLISTEN ${channel}`).catch(() => {});
      },
    };
  }

  async #listenOn(client: pg.Client, channels: readonly string[]): Promise<void> {
    await client.query(channels.map((channel) => `LISTEN ${channel};`).join(' '));
    for (const channel of channels) this.#listenedOn.set(channel, client);
  }

  /**
   * Holds the session advisory lock (`classId`, `objectId`) for as long as this process runs, taken again
   * after a lost connection (PostgreSQL released it with the connection). Fails when the first try to
   * connect fails.
   */
  async holdLock(classId: number, objectId: number): Promise<HeldLock> {
    const key = `${classId}:${objectId}`;
    this.#locks.set(key, [classId, objectId]);
    const client = this.#client;
    try {
      if (client) await client.query('select pg_advisory_lock($1, $2)', [classId, objectId]);
      else await this.#connect({ rethrow: true });
    } catch (error) {
      this.#locks.delete(key);
      throw error;
    }
    return {
      release: async () => {
        if (!this.#locks.delete(key)) return;
        await this.#client?.query('select pg_advisory_unlock($1, $2)', [classId, objectId]).catch(() => {});
      },
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    await this.#connecting?.catch(() => {});
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  /** Connects unless connected or connecting; a failed try is retried a second later. */
  #connect(options: { rethrow?: boolean } = {}): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The direct connection is closed'));
    if (this.#client) return Promise.resolve();
    if (!this.#connecting) {
      clearTimeout(this.#retry);
      this.#connecting = this.#open().finally(() => {
        this.#connecting = null;
      });
      this.#connecting.catch(() => this.#retryLater());
    }
    return options.rethrow ? this.#connecting : this.#connecting.catch(() => {});
  }

  #retryLater(): void {
    clearTimeout(this.#retry);
    if (!this.#closed) this.#retry = setTimeout(() => void this.#connect(), RETRY_MS);
  }

  async #open(): Promise<void> {
    const next = new pg.Client(named(this.#config, DIRECT_APPLICATION_NAME));
    next.on('notification', (message) => {
      for (const subscriber of this.#channels.get(message.channel) ?? []) {
        try {
          subscriber.onMessage(message.payload ?? '');
        } catch {
          // one subscriber's failure must not keep the others from hearing
        }
      }
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      next.end().catch(() => {});
      if (this.#client !== next) return;
      this.#client = null;
      this.#losses += 1;
      this.#gap();
      this.#retryLater();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await this.#catchUp(next);
    } catch (error) {
      lost = true;
      await next.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await next.end().catch(() => {});
      return;
    }
    this.#client = next;
    if (this.#losses > 0) this.#gap();
  }

  /** Listens to every channel and takes every lock, those asked for while this ran too. */
  async #catchUp(next: pg.Client): Promise<void> {
    const listened = new Set<string>();
    const held = new Set<string>();
    for (;;) {
      const channels = [...this.#channels.keys()].filter((channel) => !listened.has(channel));
      const locks = [...this.#locks].filter(([key]) => !held.has(key));
      if (channels.length === 0 && locks.length === 0) return;
      if (channels.length > 0) await this.#listenOn(next, channels);
      for (const channel of channels) listened.add(channel);
      for (const [key, [classId, objectId]] of locks) {
        await next.query('select pg_advisory_lock($1, $2)', [classId, objectId]);
        held.add(key);
      }
    }
  }

  #gap(): void {
    for (const subscribers of this.#channels.values())
      for (const subscriber of subscribers) {
        try {
          subscriber.onGap();
        } catch {
          // as above
        }
      }
  }
}

/**
 * `config` under `applicationName` in `pg_stat_activity`. node-postgres lets a connection string's
 * parameters win over the config's own fields, so the name goes into the string when there is one.
 */
export function named(config: pg.ClientConfig, applicationName: string): pg.ClientConfig {
  if (!config.connectionString) return { ...config, application_name: applicationName };
  try {
    const url = new URL(config.connectionString);
    url.searchParams.set('application_name', applicationName);
    return { ...config, connectionString: url.toString() };
  } catch {
    return { ...config, application_name: applicationName };
  }
}
