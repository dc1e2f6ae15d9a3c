import {
  SSE_HEARTBEAT_MS,
  SSE_RECONNECT_BACKOFF_MS,
  type WhatsAppMessage,
} from '../../../shared/whatsapp.schemas.ts';

// The live message log's connection (product §7 "a live subscription to inserts", §9 realtime
// constants): Server-Sent Events from GET /api/admin/whatsapp/messages/stream, reopened after a
// failure with the spec's backoff — 1 s, 2 s, 5 s, then 10 s — and treated as dead when it neither
// opens within the realtime timeout nor hears the 25 s heartbeat.

/** product §9: realtime timeout 10 s. */
export const SSE_TIMEOUT_MS = 10_000;

/** The wait before reconnect attempt n (0-based): 1 s, 2 s, 5 s, then 10 s for every later one. */
export function reconnectDelay(attempt: number): number {
  return SSE_RECONNECT_BACKOFF_MS[Math.min(attempt, SSE_RECONNECT_BACKOFF_MS.length - 1)]!;
}

/** Puts a streamed message into the log: replaces the same id (a status change), newest first, at most `limit`. */
export function mergeMessage(
  list: WhatsAppMessage[],
  message: WhatsAppMessage,
  limit: number,
): WhatsAppMessage[] {
  const others = list.filter((m) => m.id !== message.id);
  return [message, ...others]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .slice(0, limit);
}

export type StreamState =
  | { status: 'connecting' }
  | { status: 'live' }
  | { status: 'reconnecting'; inMs: number };

export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
}

export interface ConnectOptions {
  url: string;
  onMessage(message: WhatsAppMessage): void;
  /** Called on each (re)connection after the first: the caller re-reads what it may have missed. */
  onReconnected(): void;
  onState(state: StreamState): void;
  createEventSource?: (url: string) => EventSourceLike;
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
    now: () => number;
  };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function connectMessageStream({
  url,
  onMessage,
  onReconnected,
  onState,
  createEventSource = (u) => new EventSource(u, { withCredentials: true }) as unknown as EventSourceLike,
  timers = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as number),
    now: () => Date.now(),
  },
}: ConnectOptions): () => void {
  let source: EventSourceLike | undefined;
  let attempt = 0;
  let opened = false;
  let everOpened = false;
  let stopped = false;
  let watchdog: unknown;
  let retry: unknown;

  // Dead when it does not open within the timeout, or hears nothing for a heartbeat + the timeout.
  const arm = (ms: number) => {
    timers.clearTimeout(watchdog);
    watchdog = timers.setTimeout(() => fail(), ms);
  };

  function open() {
    if (stopped) return;
    onState({ status: 'connecting' });
    opened = false;
    const es = createEventSource(url);
    source = es;
    arm(SSE_TIMEOUT_MS);
    const alive = () => {
      if (!opened) {
        opened = true;
        attempt = 0;
        onState({ status: 'live' });
        if (everOpened) onReconnected();
        everOpened = true;
      }
      arm(SSE_HEARTBEAT_MS + SSE_TIMEOUT_MS);
    };
    es.onopen = alive;
    es.addEventListener('ready', alive);
    es.addEventListener('ping', alive);
    es.addEventListener('message', (event) => {
      alive();
      try {
        onMessage(JSON.parse(event.data) as WhatsAppMessage);
      } catch {
        // Not one of ours: ignore it.
      }
    });
    // EventSource would retry on its own schedule; we close it and follow the spec's backoff.
    es.onerror = () => fail();
  }

  function fail() {
    if (stopped) return;
    timers.clearTimeout(watchdog);
    source?.close();
    source = undefined;
    const inMs = reconnectDelay(attempt++);
    onState({ status: 'reconnecting', inMs });
    timers.clearTimeout(retry);
    retry = timers.setTimeout(open, inMs);
  }

  open();
  return () => {
    stopped = true;
    timers.clearTimeout(watchdog);
    timers.clearTimeout(retry);
    source?.close();
  };
}
