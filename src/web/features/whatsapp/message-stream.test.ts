import { describe, expect, it } from 'vitest';
import type { WhatsAppMessage } from '../../../shared/whatsapp.schemas.ts';
import {
  connectMessageStream,
  type EventSourceLike,
  mergeMessage,
  reconnectDelay,
  type StreamState,
} from './message-stream.ts';

const msg = (
  id: string,
  created_at: string,
  status: WhatsAppMessage['status'] = 'logged',
): WhatsAppMessage => ({
  id,
  channel: 'whatsapp',
  direction: 'out',
  body: id,
  phone: '+525500000000',
  status,
  error: null,
  external_id: null,
  interactive: null,
  vendor_profile_id: null,
  vendor_name: null,
  appointment_id: null,
  created_at,
});

class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: ((e: Event) => void) | null = null;
  onopen: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

function fakeTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = next++;
        pending.set(id, { at: now + ms, fn });
        return id;
      },
      clearTimeout: (id: unknown) => void pending.delete(id as number),
      now: () => now,
    },
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, t]) => t.at <= target)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = target;
    },
  };
}

describe('message stream (product §9 realtime)', () => {
  it('backs off 1 s, 2 s, 5 s, then 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('merges a streamed message: newest first, a status change replaces its row, at most the limit', () => {
    const list = [msg('b', '2026-01-01T00:00:02Z'), msg('a', '2026-01-01T00:00:01Z')];
    expect(mergeMessage(list, msg('c', '2026-01-01T00:00:03Z'), 2).map((m) => m.id)).toEqual(['c', 'b']);
    const updated = mergeMessage(list, msg('a', '2026-01-01T00:00:01Z', 'delivered'), 10);
    expect(updated.map((m) => `${m.id}:${m.status}`)).toEqual(['b:logged', 'a:delivered']);
  });

  it('reconnects after errors with the backoff, resets it once live, and re-reads after a reconnect', () => {
    FakeEventSource.all = [];
    const { timers, advance } = fakeTimers();
    const states: StreamState[] = [];
    const received: string[] = [];
    let reconnected = 0;
    const stop = connectMessageStream({
      url: '/stream',
      onMessage: (m) => received.push(m.id),
      onReconnected: () => reconnected++,
      onState: (s) => states.push(s),
      createEventSource: (url) => new FakeEventSource(url),
      timers,
    });
    const first = FakeEventSource.all[0]!;
    first.emit('ready');
    first.emit('message', JSON.stringify(msg('x', '2026-01-01T00:00:00Z')));
    expect(received).toEqual(['x']);
    expect(states.at(-1)).toEqual({ status: 'live' });

    // Three failures in a row: 1 s, 2 s, 5 s.
    first.onerror!(new Event('error'));
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toEqual({ status: 'reconnecting', inMs: 1000 });
    advance(1000);
    FakeEventSource.all[1]!.onerror!(new Event('error'));
    expect(states.at(-1)).toEqual({ status: 'reconnecting', inMs: 2000 });
    advance(2000);
    // No answer within the realtime timeout (10 s) counts as a failure too.
    advance(10_000);
    expect(states.at(-1)).toEqual({ status: 'reconnecting', inMs: 5000 });
    advance(5000);
    FakeEventSource.all[3]!.onerror!(new Event('error'));
    expect(states.at(-1)).toEqual({ status: 'reconnecting', inMs: 10_000 });
    advance(10_000);
    const live = FakeEventSource.all[4]!;
    live.emit('ready');
    expect(reconnected).toBe(1);
    // A silent stream (no heartbeat for 25 s + 10 s) is dropped; the backoff starts again at 1 s.
    advance(35_000);
    expect(live.closed).toBe(true);
    expect(states.at(-1)).toEqual({ status: 'reconnecting', inMs: 1000 });

    stop();
    advance(60_000);
    expect(FakeEventSource.all).toHaveLength(5);
  });
});
