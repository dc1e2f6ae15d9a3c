import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { defaultLanguage, type Language, languages } from '../../../shared/language.ts';
import { INTERACTIVE_LIMITS, type Interactive, interactiveSchema } from '../../../shared/whatsapp.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { messages } from '../../db/schema/messaging.ts';
import type {
  OutgoingWhatsApp,
  TemplateButtonParameter,
  WhatsAppSendResult,
  WhatsAppTransport,
} from '../../integrations/whatsapp/whatsapp-transport.ts';
import { redactSecrets, redactSecretsDeep } from '../../lib/redact-secrets.ts';
import { type BookingView, getBookingView } from '../booking-lifecycle/booking-view.ts';
import { enqueue } from '../outbox/outbox.service.ts';
import { replyIdOf } from './whatsapp-commands.ts';
import { hasOptedOut, isCustomerMessage } from './whatsapp-customers.ts';
import { normalizeWhatsAppPhone, phoneVariants } from './whatsapp-phone.ts';
import {
  formatWhen,
  renderTemplate,
  replies,
  TEST_NOTIFICATION_TEXT,
  type TemplateKey,
  template,
  templateIn,
  templateKeys,
  vendorLanguage,
  vendorWelcomeText,
} from './whatsapp-texts.ts';

// Outbound WhatsApp (ARCHITECTURE §9): every message is an outbox item of kind 'whatsapp' (written in the
// transaction of the change that causes it), delivered here through the configured transport.
// Inside the 24-hour customer-service window — the recipient wrote to us less than 24 h ago — a
// free-form text goes out; outside it, the approved template of the message's type.

const DAY_MS = 24 * 60 * 60_000;

const phone = z.string().min(3).max(40);
const uuid = z.uuid();

/** A template button's parameter: a quick reply's payload, or a dynamic URL button's suffix. */
const templateButtonSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('quick_reply'),
    index: z.number().int().min(0).max(9),
    payload: z.string().min(1),
  }),
  z.object({ type: z.literal('url'), index: z.number().int().min(0).max(9), suffix: z.string().min(1) }),
]);

/** The template used outside the window: a catalogue key, its body parameters and button parameters. */
const templateRefSchema = z.object({
  key: z.enum(templateKeys),
  parameters: z.array(z.string()),
  buttons: z.array(templateButtonSchema).optional(),
  /** The reader's language (decision 072); Spanish for items queued before it was kept. */
  language: z.enum(languages).optional(),
});

/**
 * Optional on every message sent to a person: what goes with the text inside the 24-hour window
 * (reply buttons, a list, a URL button). Outside it, the template (with its own buttons) goes instead.
 */
const withInteractive = { interactive: interactiveSchema.optional() };

/** What a 'whatsapp' outbox item carries: one shape per `type`. */
export const whatsappOutboxPayloadSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('booking_request'),
    to: phone,
    appointmentId: uuid,
    vendorProfileId: uuid.optional(),
    text: z.string().min(1),
    /** The template outside the window; without it, built from the booking when delivered. */
    template: templateRefSchema.optional(),
    ...withInteractive,
  }),
  z.object({
    type: z.literal('send-vendor-confirmation'),
    phone,
    businessName: z.string().min(1),
    serviceCategory: z.string(),
    /** The signup wizard's language (decision 072); Spanish for items queued before it. */
    language: z.enum(languages).optional(),
  }),
  // Queued by payments (ARCHITECTURE §7): to the customer, and the payment confirmation to the vendor too.
  z.object({
    type: z.literal('payment_link'),
    to: phone,
    appointmentId: uuid,
    vendorProfileId: uuid.optional(),
    text: z.string().min(1),
    template: templateRefSchema.optional(),
    ...withInteractive,
  }),
  z.object({
    type: z.literal('payment_received'),
    to: phone,
    appointmentId: uuid,
    vendorProfileId: uuid.optional(),
    text: z.string().min(1),
    template: templateRefSchema.optional(),
    ...withInteractive,
  }),
  /**
   * What happens to a booking after it is made: reminders, a cancellation or a new time
   * told to the vendor, an expired request told to the customer. Carries its template's parameters.
   */
  z.object({
    type: z.literal('booking_notice'),
    to: phone,
    appointmentId: uuid,
    vendorProfileId: uuid.optional(),
    text: z.string().min(1),
    template: templateRefSchema,
    ...withInteractive,
  }),
  /** An admin's review of the vendor's profile (decision 048), with its template's parameters. */
  z.object({
    type: z.literal('vendor_review'),
    to: phone,
    vendorProfileId: uuid,
    text: z.string().min(1),
    template: templateRefSchema,
    ...withInteractive,
  }),
  /** A command's answer: always inside the window, since the vendor just wrote. */
  z.object({
    type: z.literal('reply'),
    to: phone,
    text: z.string().min(1),
    vendorProfileId: uuid.nullish(),
    replyTo: z.string().nullish(),
    ...withInteractive,
  }),
  z.object({ type: z.literal('test'), to: phone }),
  /** A one-time code proving control of a vendor profile's phone (decision 035). */
  z.object({
    type: z.literal('claim_code'),
    to: phone,
    vendorProfileId: uuid,
    businessName: z.string().min(1),
    code: z.string().regex(/^\d{6}$/),
    text: z.string().min(1),
  }),
  /** An inbound message stored by the webhook, whose command runs after the commit. */
  z.object({
    type: z.literal('inbound'),
    messageId: uuid,
    contextId: z.string().nullish(),
    /** A message without words (a sticker, an image, a location…): no command to run. */
    nonText: z.boolean().optional(),
    /** What was tapped: a reply button's or list row's id, or a template quick reply's payload. */
    replyId: z.string().min(1).max(256).optional(),
  }),
]);
export type WhatsAppOutboxPayload = z.infer<typeof whatsappOutboxPayloadSchema>;
export type OutboundPayload = Exclude<WhatsAppOutboxPayload, { type: 'inbound' }>;
export type TemplateRef = z.infer<typeof templateRefSchema>;

/** Queues a WhatsApp item inside the caller's transaction. */
export async function enqueueWhatsApp(tx: Db | Tx, payload: WhatsAppOutboxPayload): Promise<string> {
  return enqueue(tx, { kind: 'whatsapp', payload: whatsappOutboxPayloadSchema.parse(payload) });
}

/** Did this phone write to us (a real WhatsApp message, not a simulation) in the last 24 hours? */
export async function insideServiceWindow(db: Db, e164: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.direction, 'in'),
        isNotNull(messages.externalId),
        inArray(messages.phone, phoneVariants(e164)),
        gt(messages.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

interface Plan {
  to: string;
  text: string;
  /** The template used outside the window; undefined when the type is only sent inside it. */
  template?: TemplateRef | undefined;
  /** What goes with the text inside the window. */
  interactive?: Interactive | undefined;
  replyTo?: string | undefined;
  appointmentId?: string | null;
  vendorProfileId?: string | null;
}

/**
 * The booking request's buttons (decision 069), their ids carrying the action and the code: inside
 * the window reply buttons in the vendor's language (the details and the confirm page's link are in
 * the text); outside it the template's quick replies and its "Ver detalles" URL, whose suffix is the
 * confirm page with the request's token when its text has it (a resend rebuilt without the links
 * points to the vendor's dashboard).
 */
function requestAnswers(
  booking: Pick<BookingView, 'code' | 'vendorLanguages' | 'vendorAccountLanguage'>,
  text: string,
): { interactive: Interactive; buttons: TemplateButtonParameter[] } {
  const titles = replies.buttonTitles(vendorLanguage(booking));
  const confirm = replyIdOf('confirm', booking.code);
  const deny = replyIdOf('deny', booking.code);
  const token = /\/vendor-confirm\?token=([^&\s]+)/.exec(text)?.[1];
  return {
    interactive: {
      kind: 'buttons',
      buttons: [
        { id: confirm, title: titles.confirm },
        { id: deny, title: titles.deny },
      ],
    },
    buttons: [
      { type: 'quick_reply', index: 0, payload: confirm },
      { type: 'quick_reply', index: 1, payload: deny },
      { type: 'url', index: 2, suffix: token ? `vendor-confirm?token=${token}` : 'vendor/dashboard' },
    ],
  };
}

async function plan(db: Db, payload: OutboundPayload): Promise<Plan> {
  switch (payload.type) {
    case 'booking_request': {
      const facts = await getBookingView(db, payload.appointmentId);
      const answers = facts && requestAnswers(facts, payload.text);
      return {
        to: payload.to,
        text: payload.text,
        appointmentId: facts ? payload.appointmentId : null,
        vendorProfileId: payload.vendorProfileId ?? facts?.vendorProfileId ?? null,
        interactive: payload.interactive ?? answers?.interactive,
        template:
          payload.template ??
          (facts && {
            key: 'booking_request',
            parameters: [
              facts.code,
              facts.serviceName ?? '—',
              formatWhen(facts.startTz, facts.timezone, vendorLanguage(facts)),
              facts.customerName,
            ],
            buttons: answers?.buttons,
            language: vendorLanguage(facts),
          }),
      };
    }
    case 'send-vendor-confirmation':
      return {
        to: payload.phone,
        text: vendorWelcomeText(payload.businessName, payload.serviceCategory, payload.language),
        template: {
          key: 'vendor_welcome',
          parameters: [payload.businessName, payload.serviceCategory],
          language: payload.language,
        },
      };
    case 'payment_link':
    case 'payment_received': {
      const facts = await getBookingView(db, payload.appointmentId);
      return {
        to: payload.to,
        text: payload.text,
        appointmentId: facts ? payload.appointmentId : null,
        vendorProfileId: payload.vendorProfileId ?? null,
        interactive: payload.interactive,
        // The customer's messages carry their template (decision 070: with its URL buttons, which
        // need the booking page's link); the vendor's payment notice is built here.
        template:
          payload.template ??
          (facts && payload.type === 'payment_received'
            ? {
                key: 'payment_received',
                parameters: [facts.code, facts.vendorName],
                language: vendorLanguage(facts),
              }
            : undefined),
      };
    }
    case 'booking_notice': {
      // The booking may be gone by the time the item is delivered (a deleted vendor).
      const exists = await getBookingView(db, payload.appointmentId);
      return {
        to: payload.to,
        text: payload.text,
        appointmentId: exists ? payload.appointmentId : null,
        vendorProfileId: payload.vendorProfileId ?? null,
        template: payload.template,
        interactive: payload.interactive,
      };
    }
    case 'vendor_review':
      return {
        to: payload.to,
        text: payload.text,
        vendorProfileId: payload.vendorProfileId,
        template: payload.template,
        interactive: payload.interactive,
      };
    case 'reply':
      return {
        to: payload.to,
        text: payload.text,
        replyTo: payload.replyTo ?? undefined,
        vendorProfileId: payload.vendorProfileId ?? null,
        interactive: payload.interactive,
      };
    case 'test':
      return { to: payload.to, text: TEST_NOTIFICATION_TEXT, template: { key: 'test', parameters: [] } };
    case 'claim_code':
      return {
        to: payload.to,
        text: payload.text,
        vendorProfileId: payload.vendorProfileId,
        template: { key: 'claim_code', parameters: [payload.businessName, payload.code] },
      };
  }
}

export interface DeliverOptions {
  db: Db;
  transport: WhatsAppTransport;
  now: Date;
  payload: OutboundPayload;
}

/**
 * Sends one outbound message and stores it in `messages` (`logged` by the log transport, `sent`
 * with the wamid by the cloud one, `failed` when Meta refuses it for good). The message sent
 * carries its links whole; the log stores them with their tokens redacted, since only
 * the recipient's copy should be usable. A transient transport
 * error propagates, so the outbox retries the item and nothing is stored twice.
 */
export async function deliverWhatsApp({ db, transport, now, payload }: DeliverOptions) {
  const planned = await plan(db, payload);
  const to = normalizeWhatsAppPhone(planned.to);
  const base = {
    direction: 'out' as const,
    phone: to ?? planned.to,
    appointmentId: planned.appointmentId ?? null,
    vendorProfileId: planned.vendorProfileId ?? null,
  };
  if (!to) {
    // Retrying cannot fix a number that is not one: stored as failed, for the log to show.
    const [row] = await db
      .insert(messages)
      .values({
        ...base,
        body: redactSecrets(planned.text),
        status: 'failed',
        error: `Not a phone number WhatsApp can reach: ${planned.to}`,
        createdAt: now,
      })
      .returning();
    return row!;
  }

  // A customer who wrote BAJA gets nothing more (decision 070), even what was queued before: the
  // row says so in the log.
  if (isCustomerMessage(payload) && (await hasOptedOut(db, to))) {
    const [row] = await db
      .insert(messages)
      .values({
        ...base,
        body: redactSecrets(planned.text),
        status: 'failed',
        error: 'Not sent: this phone opted out of WhatsApp (BAJA).',
        createdAt: now,
      })
      .returning();
    return row!;
  }

  // The log transport sends nothing, so the window does not matter: it logs the text itself.
  const inWindow =
    transport.kind === 'log' ||
    !planned.template ||
    payload.type === 'reply' ||
    (await insideServiceWindow(db, to, now));
  const replyTo = planned.replyTo ? { replyTo: planned.replyTo } : {};
  let message: OutgoingWhatsApp;
  let body: string;
  let interactive: Interactive | null = null;
  if (inWindow && planned.interactive) {
    const text = fitInteractiveBody(planned.text);
    message = { type: 'interactive', to, text, interactive: planned.interactive, ...replyTo };
    body = redactSecrets(text);
    interactive = redactSecretsDeep(planned.interactive);
  } else if (inWindow) {
    message = { type: 'text', to, text: planned.text, ...replyTo };
    body = redactSecrets(planned.text);
  } else {
    const { key, parameters, buttons, language = defaultLanguage } = planned.template!;
    message = { type: 'template', to, template: template(key, parameters, buttons, language) };
    body = redactSecrets(renderTemplate(key, parameters, language));
    interactive = templateButtonsAsSent(key, buttons, language);
  }

  const result: WhatsAppSendResult = await transport.send(message);
  const [row] = await db
    .insert(messages)
    .values({
      ...base,
      body,
      status: result.status,
      externalId: result.status === 'sent' ? result.externalId : null,
      error: result.status === 'failed' ? result.error : null,
      interactive,
      createdAt: now,
    })
    .returning();
  return row!;
}

/**
 * An interactive body holds 1024 characters. A longer text loses the excess from its longest line
 * (a customer's long notes, say), so that its links and its last lines stay whole; if that is not
 * enough, its end.
 */
export function fitInteractiveBody(text: string): string {
  const max = INTERACTIVE_LIMITS.body;
  if (text.length <= max) return text;
  const lines = text.split('\n');
  const longest = lines.reduce((at, line, i) => (line.length > lines[at]!.length ? i : at), 0);
  const excess = text.length - max + 1; // one more for the ellipsis
  const line = lines[longest]!;
  if (line.length - excess >= 20) {
    lines[longest] = `${line.slice(0, line.length - excess).trimEnd()}…`;
    const fitted = lines.join('\n');
    if (fitted.length <= max) return fitted;
  }
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A template's quick replies as the log keeps them: the buttons the recipient sees, each with the
 * payload its tap returns (so that the testing page can tap them like an interactive message's).
 */
function templateButtonsAsSent(
  key: TemplateKey,
  given: TemplateButtonParameter[] | undefined,
  language: Language,
): Interactive | null {
  const definition = templateIn(key, language);
  const defined = definition.buttons ?? [];
  const buttons = (given ?? []).flatMap((b) => {
    const button = defined[b.index];
    return b.type === 'quick_reply' && button?.type === 'QUICK_REPLY'
      ? [{ id: b.payload, title: button.text }]
      : [];
  });
  return buttons.length ? { kind: 'buttons', buttons } : null;
}
