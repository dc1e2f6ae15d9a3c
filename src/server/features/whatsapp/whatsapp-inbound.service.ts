import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { INTERACTIVE_LIMITS, type Interactive } from '../../../shared/whatsapp.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { messages, whatsappNonTextAnswers } from '../../db/schema/messaging.ts';
import { profiles, services, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { computeAvailability } from '../availability/availability.service.ts';
import {
  type AnswerBookingByWhatsAppOptions,
  answerBookingByWhatsApp,
} from '../booking-lifecycle/answer-booking.ts';
import type { CheckoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { type CommandName, parseCommand, parseReplyId, replyIdOf } from './whatsapp-commands.ts';
import { type CustomerKeyword, customerInbound } from './whatsapp-customers.ts';
import { enqueueWhatsApp } from './whatsapp-outbound.service.ts';
import { phoneVariants } from './whatsapp-phone.ts';
import { formatWhen, type Lang, langOf, replies } from './whatsapp-texts.ts';

// Inbound WhatsApp (ARCHITECTURE §9): each message is stored once (its wamid is unique; Meta retries
// deliveries for days), then the command it carries runs — after the commit, through the outbox
// for webhook deliveries, directly for the testing page's simulations.

const DAY_MS = 24 * 60 * 60_000;
const NEXT_SLOTS = 5;

/** Words to read as a command, a reaction (never answered), or anything else without words. */
export type InboundKind = 'text' | 'reaction' | 'other';

export interface InboundMessage {
  /** Meta's wamid; null for a simulation from the testing page. */
  externalId: string | null;
  /** E.164, `+52` form for Mexico (whatsapp-phone.ts). */
  phone: string;
  body: string;
  /** 'text' unless said otherwise (the testing page simulates text only). */
  kind?: InboundKind;
  /** The wamid this message replies to (`context.id`), if any. */
  contextId?: string | null;
  /** What was tapped: a reply button's or list row's id, a template quick reply's payload. */
  replyId?: string | null;
  receivedAt: Date;
}

/** Stores inbound messages; returns only the rows that are new (a redelivery inserts nothing). */
export async function storeInbound(tx: Db | Tx, inbound: InboundMessage[]) {
  if (inbound.length === 0) return [];
  const rows = await tx
    .insert(messages)
    .values(
      inbound.map((m) => ({
        direction: 'in' as const,
        status: 'received' as const,
        externalId: m.externalId,
        phone: m.phone,
        body: m.body,
        createdAt: m.receivedAt,
      })),
    )
    .onConflictDoNothing({ target: messages.externalId })
    .returning({ id: messages.id, externalId: messages.externalId });
  return rows.map((row) => {
    const source = inbound.find((m) => m.externalId !== null && m.externalId === row.externalId);
    return {
      ...row,
      contextId: source?.contextId ?? null,
      replyId: source?.replyId ?? null,
      kind: source?.kind ?? ('text' as const),
    };
  });
}

// Statuses move forward only (sent → delivered → read); Meta may deliver them out of order.
const statusRank = sql`case ${messages.status} when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
const rankOf = { sent: 1, delivered: 2, read: 3 } as const;

export interface StatusUpdate {
  externalId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  error?: string | null;
}

/** Applies delivery statuses without moving one backwards; a failure only before delivery. */
export async function applyStatuses(tx: Db | Tx, updates: StatusUpdate[]) {
  for (const u of updates) {
    const guard =
      u.status === 'failed'
        ? inArray(messages.status, ['queued', 'sent'])
        : sql`${statusRank} < ${rankOf[u.status]}::int`;
    await tx
      .update(messages)
      .set({ status: u.status, ...(u.status === 'failed' ? { error: u.error ?? 'Delivery failed.' } : {}) })
      .where(and(eq(messages.externalId, u.externalId), eq(messages.direction, 'out'), guard));
  }
}

export interface ProcessInboundOptions {
  db: Db;
  messageId: string;
  contextId?: string | null | undefined;
  /** The message has no words (a sticker, an image, a location…): see nonTextReply. */
  nonText?: boolean;
  /** The id of the button or list row tapped (decision 069): it names the command and the booking. */
  replyId?: string | null | undefined;
  now: Date;
  appUrl: string;
  /** What confirming needs to create the checkout and send the payment link. */
  checkout: CheckoutDeps;
}

export interface ProcessInboundResult {
  command: CommandName | CustomerKeyword | 'customer_reply';
  /** Null when the message is left unanswered. */
  reply: string | null;
  /** The answer's list or buttons, if it has any. */
  interactive?: Interactive | undefined;
  vendorProfileId: string | null;
}

/**
 * Whether this phone may get the short answer to a message without words now: at most once in 24
 * hours, decided by one conditional upsert (the row is written only if the last answer is a day
 * old), so two instances handling two stickers at once answer once between them.
 */
async function mayAnswerNonText(db: Db, phone: string, now: Date): Promise<boolean> {
  const won = await db
    .insert(whatsappNonTextAnswers)
    .values({ phone, answeredAt: now })
    .onConflictDoUpdate({
      target: whatsappNonTextAnswers.phone,
      set: { answeredAt: now },
      setWhere: sql`${whatsappNonTextAnswers.answeredAt} <= ${new Date(now.getTime() - DAY_MS)}`,
    })
    .returning({ phone: whatsappNonTextAnswers.phone });
  return won.length > 0;
}

/**
 * Runs the command of a stored inbound message and answers it: a real message's answer is queued
 * for the transport (inside the 24-hour window, since the vendor just wrote); a simulation's answer
 * is only logged, so that the testing page never messages a real phone.
 */
export async function processInbound({
  db,
  messageId,
  contextId,
  nonText = false,
  replyId,
  now,
  appUrl,
  checkout,
}: ProcessInboundOptions): Promise<ProcessInboundResult> {
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (message?.direction !== 'in' || !message.phone)
    throw new AppError('not_found', 'No such inbound message.');
  const phone = message.phone;

  const vendors = await db
    .select({
      id: vendorProfiles.id,
      businessName: vendorProfiles.businessName,
      languages: vendorProfiles.languages,
      accountLanguage: profiles.language,
      availability: vendorProfiles.availability,
      timezone: vendorProfiles.timezone,
    })
    .from(vendorProfiles)
    .leftJoin(profiles, eq(profiles.userId, vendorProfiles.userId))
    .where(inArray(vendorProfiles.businessPhone, phoneVariants(phone)))
    .orderBy(asc(vendorProfiles.createdAt));
  const vendor = vendors[0];
  // A tap names its command and booking in its id; a tap on a button that is not ours reads as text.
  const tapped = replyId ? parseReplyId(replyId) : undefined;
  const { command, code } = nonText
    ? { command: 'unknown' as const, code: undefined }
    : tapped && tapped.command !== 'unknown'
      ? tapped
      : parseCommand(message.body);
  const signupLink = `${appUrl}/vendor-signup?phone=${encodeURIComponent(phone)}`;

  // A phone that is no vendor's is a customer's (decision 070): BAJA / ALTA, or the automatic answer.
  const customer =
    !nonText && !vendor
      ? await customerInbound({
          db,
          phone,
          body: message.body,
          contextId,
          now,
          manageLink: checkout.manageLink,
        })
      : undefined;
  // An opt-out confirmed already, or the day's automatic answer given: nothing more to say.
  if (customer?.reply === null) return { command: customer.command, reply: null, vendorProfileId: null };

  let reply: string;
  let interactive: Interactive | undefined;
  if (customer?.reply) {
    reply = customer.reply;
  } else if (nonText) {
    // No command to read: a short pointer to the commands, at most once a day, else nothing.
    if (vendor)
      await db.update(messages).set({ vendorProfileId: vendor.id }).where(eq(messages.id, message.id));
    if (!(await mayAnswerNonText(db, phone, now)))
      return { command, reply: null, vendorProfileId: vendor?.id ?? null };
    reply = replies.nonText(vendor ? langOf(vendor.languages, vendor.accountLanguage) : 'es-MX');
  } else if (!vendor) {
    reply =
      command === 'register' ? replies.register('es-MX', signupLink) : replies.unknownSender(signupLink);
  } else {
    await db.update(messages).set({ vendorProfileId: vendor.id }).where(eq(messages.id, message.id));
    const lang = langOf(vendor.languages, vendor.accountLanguage);
    const ids = vendors.map((v) => v.id);
    switch (command) {
      case 'register':
        reply = replies.alreadyRegistered(lang, vendor.businessName);
        break;
      case 'confirm':
      case 'deny':
      case 'block':
        ({ text: reply, interactive } = await answerBooking({
          db,
          vendorProfileIds: ids,
          lang,
          code,
          contextId,
          now,
          checkout,
          action: command,
        }));
        break;
      case 'availability':
        reply = await availabilityReply(db, vendor, lang, now);
        break;
      default:
        reply = replies.help(lang);
    }
  }

  const answer = {
    to: phone,
    text: reply,
    vendorProfileId: vendor?.id ?? null,
    ...(interactive ? { interactive } : {}),
  };
  if (message.externalId) {
    await enqueueWhatsApp(db, { type: 'reply', ...answer, replyTo: message.externalId });
  } else {
    await db.insert(messages).values({
      direction: 'out',
      phone,
      body: reply,
      status: 'logged',
      vendorProfileId: answer.vendorProfileId,
      interactive: interactive ?? null,
      createdAt: new Date(now.getTime() + 1), // listed after the message it answers
    });
  }
  return { command: customer?.command ?? command, reply, interactive, vendorProfileId: vendor?.id ?? null };
}

/**
 * A CONFIRM, DENY or BLOCK — typed, said plainly ("sí", "no puedo") or tapped: the lifecycle answers
 * the booking (ARCHITECTURE §4); this words the reply. Several pending requests and none named: a
 * list message whose rows answer one each (decision 069).
 */
async function answerBooking({
  lang,
  ...options
}: AnswerBookingByWhatsAppOptions & { lang: Lang }): Promise<{ text: string; interactive?: Interactive }> {
  const { action } = options;
  const answered = await answerBookingByWhatsApp(options);
  switch (answered.kind) {
    case 'unknown_code':
      return { text: replies.unknownCode(lang, answered.code) };
    case 'no_pending':
      return { text: replies.noPending(lang) };
    case 'choose': {
      const pending = answered.pending.map((p) => ({
        code: p.code,
        when: formatWhen(p.startTz, p.timezone, lang),
        service: p.serviceName,
        customer: p.customerName,
      }));
      return {
        text: replies.choose(lang, action === 'deny' ? 'decline' : action, pending),
        interactive: {
          kind: 'list',
          button: replies.chooseButton(lang),
          rows: pending.map((p) => ({
            id: replyIdOf(action, p.code),
            title: p.code,
            description: clip(
              [p.when, p.service, p.customer].filter(Boolean).join(' · '),
              INTERACTIVE_LIMITS.rowDescription,
            ),
          })),
        },
      };
    }
    case 'blocked':
      return { text: replies.blocked(lang, answered.decided.code) };
    case 'answered':
      return {
        text:
          answered.decided.status === 'declined'
            ? replies.declined(lang, answered.decided.code)
            : replies.confirmed(lang, answered.decided.code, answered.decided.status === 'confirmed'),
      };
    case 'refused':
      return { text: replies.alreadyAnswered(lang, answered.code, answered.status) };
  }
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

async function availabilityReply(
  db: Db,
  vendor: { id: string; availability: Parameters<typeof replies.availability>[1]; timezone: string },
  lang: Lang,
  now: Date,
): Promise<string> {
  const [service] = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(and(eq(services.vendorProfileId, vendor.id), eq(services.isActive, true)))
    .orderBy(asc(services.createdAt))
    .limit(1);
  if (!service) return replies.availability(lang, vendor.availability, undefined);
  const { slots } = await computeAvailability({
    db,
    idOrSlug: vendor.id,
    serviceId: service.id,
    from: now,
    to: new Date(now.getTime() + 7 * DAY_MS),
    now,
  }).catch((err: unknown) => {
    if (err instanceof AppError) return { slots: [] as string[] };
    throw err;
  });
  return replies.availability(lang, vendor.availability, {
    service: service.name,
    slots: slots.slice(0, NEXT_SLOTS).map((s) => formatWhen(new Date(s), vendor.timezone, lang)),
  });
}
