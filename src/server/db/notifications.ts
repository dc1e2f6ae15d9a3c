import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// PostgreSQL LISTEN/NOTIFY on both drivers (ARCHITECTURE §9, §11): what one instance publishes with
// pg_notify reaches every instance's listeners, so live views (the WhatsApp log's SSE stream) show
// rows that another instance wrote.

export type NotificationHandler = (payload: string) => void;
export type Unlisten = () => Promise<void>;

export interface Notifications {
  /** Calls `handler` with each payload published on `channel` from now on, until unlisten. */
  listen(channel: string, handler: NotificationHandler): Promise<Unlisten>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string) {
  // LISTEN takes an identifier, not a parameter: only plain names are let in.
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/** PGlite: one in-process database; its own listen() delivers what any of its queries notify. */
export function pgliteNotifications(client: PGlite): Notifications {
  return {
    async listen(channel, handler) {
      assertChannel(channel);
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {},
  };
}

/**
 * PostgreSQL: one dedicated connection (outside the pool, which must never hold a LISTEN) shared by
 * every listener of this instance. A lost connection is reopened with backoff and the channels are
 * listened to again. Notifications sent while it was down are lost: live views also offer a
 * refresh that re-reads the table.
 */
export function postgresNotifications(
  connectionString: string,
  { retryMs = [500, 1000, 2000, 5000] }: { retryMs?: number[] } = {},
): Notifications {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    failures = 0;
    client = next;
    return next;
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    reconnectLater();
  }

  function reconnectLater() {
    if (closed || handlers.size === 0) return;
    const delay = retryMs[Math.min(failures++, retryMs.length - 1)]!;
    retryTimer = setTimeout(() => ensure().catch(reconnectLater), delay);
    retryTimer.unref();
  }

  return {
    async listen(channel, handler) {
      assertChannel(channel);
      if (closed) throw new Error('Notifications are closed.');
      let set = handlers.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      try {
        const connection = await ensure();
        // LISTEN is idempotent: a connection opened just now has already listened to it.
        if (first) await connection.query(`LISTEN ${channel}`);
      } catch (err) {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
        throw err;
      }
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      handlers.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
