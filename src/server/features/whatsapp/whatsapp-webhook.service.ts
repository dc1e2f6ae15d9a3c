import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  applyStatuses,
  type InboundKind,
  type InboundMessage,
  type StatusUpdate,
  storeInbound,
} from './whatsapp-inbound.service.ts';
import { enqueueWhatsApp } from './whatsapp-outbound.service.ts';
import { normalizeWhatsAppPhone } from './whatsapp-phone.ts';

// The WhatsApp webhook (ARCHITECTURE §9, product §7 whatsapp-handler): Meta's verification handshake, the
// signature over the raw body, and the deliveries — `entry[].changes[].value.messages[]` and
// `…statuses[]`. https://developers.facebook.com/docs/graph-api/webhooks/getting-started

/** Constant-time string comparison (lengths may differ: compares digests of both). */
function safeEqual(a: string, b: string): boolean {
  const key = 'barrio-compare';
  const da = createHmac('sha256', key).update(a).digest();
  const db = createHmac('sha256', key).update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/** GET: `hub.challenge` when the mode is subscribe and the verify token matches; else undefined (403). */
export function verifySubscription(
  query: { mode?: string | undefined; token?: string | undefined; challenge?: string | undefined },
  verifyToken: string | undefined,
): string | undefined {
  if (
    !verifyToken ||
    query.mode !== 'subscribe' ||
    query.token === undefined ||
    query.challenge === undefined
  )
    return undefined;
  return safeEqual(query.token, verifyToken) ? query.challenge : undefined;
}

/** `sha256=` + HMAC-SHA256(raw body, app secret) in hex: the X-Hub-Signature-256 header. */
export function signPayload(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function hasValidSignature(
  rawBody: Uint8Array,
  header: string | undefined,
  appSecret: string | undefined,
): boolean {
  if (!appSecret || !header) return false;
  const expected = Buffer.from(signPayload(rawBody, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const incomingMessage = z.looseObject({
  from: z.string(),
  id: z.string().min(1),
  timestamp: z.string().optional(),
  type: z.string().optional(),
  text: z.looseObject({ body: z.string() }).optional(),
  // A template's quick reply: its text, and the payload the message gave it.
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  // A reply button's or list row's tap: the id we gave it, and its title.
  interactive: z
    .looseObject({
      button_reply: z.looseObject({ id: z.string().optional(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string().optional(), title: z.string() }).optional(),
    })
    .optional(),
  context: z.looseObject({ id: z.string().optional() }).optional(),
  // `{ message_id, emoji }`; Meta leaves `emoji` out when the reaction is removed.
  reaction: z.looseObject({ emoji: z.string().optional() }).optional(),
});

const statusEntry = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: z.string().optional() })).optional(),
});

export const webhookPayloadSchema = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string().optional(),
              value: z
                .looseObject({
                  messages: z.array(incomingMessage).optional(),
                  statuses: z.array(statusEntry).optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** What a person typed or tapped, when the message carries words at all. */
function textOf(m: z.infer<typeof incomingMessage>): string | undefined {
  return (
    m.text?.body ?? m.button?.text ?? m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title
  );
}

/**
 * A message without words (a sticker, an image, a location, a voice note…) is stored as its type,
 * e.g. `[sticker]`; a reaction with its emoji (`[reaction 👍]`, none when it was removed).
 */
function bodyOf(m: z.infer<typeof incomingMessage>): string {
  const text = textOf(m);
  if (text !== undefined) return text;
  if (m.type === 'reaction') return m.reaction?.emoji ? `[reaction ${m.reaction.emoji}]` : '[reaction]';
  return `[${m.type ?? 'message'}]`;
}

/** The id of what was tapped (decision 069), when the message is a tap; cut to what an id may be. */
function replyIdOf(m: z.infer<typeof incomingMessage>): string | null {
  const id = m.interactive?.button_reply?.id ?? m.interactive?.list_reply?.id ?? m.button?.payload;
  return id ? id.slice(0, 256) : null;
}

function kindOf(m: z.infer<typeof incomingMessage>): InboundKind {
  if (textOf(m) !== undefined) return 'text';
  return m.type === 'reaction' ? 'reaction' : 'other';
}

function receivedAt(timestamp: string | undefined, now: Date): Date {
  const seconds = Number(timestamp);
  // Meta's timestamp (seconds) dates the message; a missing or future one means "now".
  return Number.isFinite(seconds) && seconds > 0 && seconds * 1000 <= now.getTime()
    ? new Date(seconds * 1000)
    : now;
}

/** The messages and statuses of one delivery. */
export function parseDelivery(payload: z.infer<typeof webhookPayloadSchema>, now: Date) {
  const inbound: InboundMessage[] = [];
  const statuses: StatusUpdate[] = [];
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      for (const m of change.value?.messages ?? []) {
        inbound.push({
          externalId: m.id,
          phone: normalizeWhatsAppPhone(m.from) ?? `+${m.from.replace(/\D/g, '')}`,
          body: bodyOf(m),
          kind: kindOf(m),
          contextId: m.context?.id ?? null,
          replyId: replyIdOf(m),
          receivedAt: receivedAt(m.timestamp, now),
        });
      }
      for (const s of change.value?.statuses ?? []) {
        if (s.status !== 'sent' && s.status !== 'delivered' && s.status !== 'read' && s.status !== 'failed')
          continue;
        const error = s.errors?.map((e) => `${e.code ?? ''} ${e.title ?? ''}`.trim()).join('; ');
        statuses.push({ externalId: s.id, status: s.status, error: error || null });
      }
    }
  }
  // One delivery may list a message twice: keep the first.
  const seen = new Set<string>();
  return {
    inbound: inbound.filter((m) => (seen.has(m.externalId!) ? false : seen.add(m.externalId!))),
    statuses,
  };
}

/**
 * POST: one signed delivery, in one transaction — new messages stored (a redelivery inserts
 * nothing) with an outbox item each that runs their command after the commit, statuses applied.
 * A reaction is kept for the log and answered with nothing.
 */
export async function receiveDelivery({ db, rawBody, now }: { db: Db; rawBody: Uint8Array; now: Date }) {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The body is not JSON.');
  }
  const parsed = webhookPayloadSchema.safeParse(json);
  if (!parsed.success) throw new AppError('bad_request', 'Not a WhatsApp Business Account delivery.');
  const { inbound, statuses } = parseDelivery(parsed.data, now);
  return db.transaction(async (tx) => {
    const stored = await storeInbound(tx, inbound);
    for (const row of stored) {
      if (row.kind === 'reaction') continue;
      await enqueueWhatsApp(tx, {
        type: 'inbound',
        messageId: row.id,
        contextId: row.contextId,
        ...(row.kind === 'other' ? { nonText: true } : {}),
        ...(row.replyId ? { replyId: row.replyId } : {}),
      });
    }
    await applyStatuses(tx, statuses);
    return { messages: stored.length, statuses: statuses.length };
  });
}
