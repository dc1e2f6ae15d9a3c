import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { SSE_HEARTBEAT_MS } from '../../../shared/whatsapp.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { getMessage } from './whatsapp-admin.service.ts';

/** The channel the messages trigger publishes on (migration 0004_messages_notify). */
export const MESSAGES_CHANNEL = 'barrio_messages';

/**
 * GET /api/admin/whatsapp/messages/stream (ARCHITECTURE §9, §11): Server-Sent Events fed by PostgreSQL
 * LISTEN/NOTIFY, so that a row any instance inserts (or re-statuses) reaches every open log.
 * Events: `ready` once, `message` (a WhatsAppMessage as JSON) per row, `ping` every 25 s (product §9
 * heartbeat) so that proxies keep the connection and the browser notices a dead one.
 */
export function streamMessages<E extends AppEnv>(c: Context<E>, { heartbeatMs = SSE_HEARTBEAT_MS } = {}) {
  const { database, db, logger } = (c as unknown as Context<AppEnv>).var.deps;
  return streamSSE(
    c,
    async (stream) => {
      const pending: string[] = [];
      let wake: (() => void) | undefined;
      const signal = () => {
        wake?.();
        wake = undefined;
      };
      const unlisten = await database.notifications.listen(MESSAGES_CHANNEL, (id) => {
        pending.push(id);
        signal();
      });
      stream.onAbort(signal);
      try {
        await stream.writeSSE({ event: 'ready', data: new Date().toISOString() });
        while (!stream.aborted && !stream.closed) {
          if (pending.length === 0) {
            const timedOut = await new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(true), heartbeatMs);
              timer.unref(); // an open stream never keeps the process alive on its own
              wake = () => {
                clearTimeout(timer);
                resolve(false);
              };
            });
            if (stream.aborted || stream.closed) break;
            if (timedOut) {
              await stream.writeSSE({ event: 'ping', data: '' });
              continue;
            }
          }
          const ids = [...new Set(pending.splice(0))];
          for (const id of ids) {
            const message = await getMessage(db, id);
            if (message)
              await stream.writeSSE({ event: 'message', id: message.id, data: JSON.stringify(message) });
          }
        }
      } finally {
        await unlisten();
      }
    },
    async (err) => {
      logger.warn({ err }, 'whatsapp: message stream ended with an error');
    },
  );
}
