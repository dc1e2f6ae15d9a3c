import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { defaultLanguage, type Language } from '../../../shared/language.ts';
import { whatsAppLink } from '../../../shared/whatsapp-link.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { messages, whatsappPhones } from '../../db/schema/messaging.ts';
import { selectBookingViews } from '../booking-lifecycle/booking-view.ts';
import type { ManageLink } from '../booking-lifecycle/manage-links.ts';
import { messageWords } from './whatsapp-commands.ts';
import { phoneVariants } from './whatsapp-phone.ts';

// Customers on WhatsApp (decision 070): a booking's messages reach the customer only with the
// consent ticked on the booking form (booking-notifications.ts); a phone that writes BAJA or STOP
// gets none of Barrio's messages as a customer until it writes ALTA; and a customer who answers a
// booking message gets one automatic answer a day pointing to the booking page and the vendor,
// since nobody reads this number.

const DAY_MS = 24 * 60 * 60_000;

export type CustomerKeyword = 'opt_out' | 'opt_in';

/**
 * BAJA / STOP (first word, any case, accents ignored, words after it allowed — "Baja por favor"),
 * or "… de baja" ("quiero darme de baja"); ALTA / START opts back in. Anything else: undefined.
 */
export function parseCustomerKeyword(text: string): CustomerKeyword | undefined {
  const tokens = messageWords(text);
  const first = tokens[0] ?? '';
  if (first === 'BAJA' || first === 'STOP' || first === 'UNSUBSCRIBE') return 'opt_out';
  if (tokens.some((t, i) => t === 'BAJA' && tokens[i - 1] === 'DE')) return 'opt_out';
  if (first === 'ALTA' || first === 'START') return 'opt_in';
  return undefined;
}

/**
 * Records the phone's opt-out; true only for the write that opted it out, so a second BAJA (or the
 * same one delivered twice, or handled by two instances) is confirmed once.
 */
export async function optOut(db: Db | Tx, phone: string, now: Date): Promise<boolean> {
  const won = await db
    .insert(whatsappPhones)
    .values({ phone, optedOutAt: now })
    .onConflictDoUpdate({
      target: whatsappPhones.phone,
      set: { optedOutAt: now },
      setWhere: isNull(whatsappPhones.optedOutAt),
    })
    .returning({ phone: whatsappPhones.phone });
  return won.length > 0;
}

/** Clears the phone's opt-out (ALTA from the phone itself); true when there was one to clear. */
export async function optIn(db: Db | Tx, phone: string): Promise<boolean> {
  const cleared = await db
    .update(whatsappPhones)
    .set({ optedOutAt: null })
    .where(and(inArray(whatsappPhones.phone, phoneVariants(phone)), isNotNull(whatsappPhones.optedOutAt)))
    .returning({ phone: whatsappPhones.phone });
  return cleared.length > 0;
}

export async function hasOptedOut(db: Db | Tx, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: whatsappPhones.phone })
    .from(whatsappPhones)
    .where(and(inArray(whatsappPhones.phone, phoneVariants(phone)), isNotNull(whatsappPhones.optedOutAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the phone may get the automatic answer now: at most once in 24 hours, so that two
 * automatic senders (another business's bot, an auto-reply) never answer each other for ever.
 */
async function mayAutoAnswer(db: Db, phone: string, now: Date): Promise<boolean> {
  const won = await db
    .insert(whatsappPhones)
    .values({ phone, autoAnsweredAt: now })
    .onConflictDoUpdate({
      target: whatsappPhones.phone,
      set: { autoAnsweredAt: now },
      setWhere: sql`${whatsappPhones.autoAnsweredAt} is null or ${whatsappPhones.autoAnsweredAt} <= ${new Date(now.getTime() - DAY_MS)}`,
    })
    .returning({ phone: whatsappPhones.phone });
  return won.length > 0;
}

/**
 * The customer's booking this message answers: the one of the message it replies to, else the
 * phone's latest booking whose customer agreed to WhatsApp — never a booking of another phone.
 */
async function customerBookingOf(db: Db, phone: string, contextId: string | null | undefined) {
  const ofPhone = and(
    inArray(appointments.customerPhone, phoneVariants(phone)),
    eq(appointments.whatsappOptIn, true),
  );
  if (contextId) {
    const [answered] = await db
      .select({ appointmentId: messages.appointmentId })
      .from(messages)
      .where(and(eq(messages.externalId, contextId), eq(messages.direction, 'out')))
      .limit(1);
    if (answered?.appointmentId) {
      const [row] = await selectBookingViews(db, and(eq(appointments.id, answered.appointmentId), ofPhone), {
        limit: 1,
      });
      if (row) return row;
    }
  }
  const [latest] = await selectBookingViews(db, ofPhone, {
    orderBy: [desc(appointments.createdAt), desc(appointments.id)],
    limit: 1,
  });
  return latest;
}

interface CustomerReplies {
  optedOut: string;
  optedIn: string;
  automatic: (booking: {
    code: string;
    vendorName: string;
    manageUrl: string;
    vendorPhone: string | null;
  }) => string;
}

/** The answers to a customer, in the language of their booking (decision 072). */
export const customerReplies: Record<Language, CustomerReplies> = {
  'es-MX': {
    optedOut:
      'Listo: ya no recibirás mensajes de Barrio por WhatsApp. Los avisos de tus reservas te seguirán llegando por correo. Si cambias de opinión, escribe ALTA.',
    optedIn:
      'Listo: volverás a recibir por WhatsApp los avisos de las reservas en las que lo aceptaste. Escribe BAJA para dejar de recibirlos.',
    automatic: (booking) =>
      [
        'Hola: este número de Barrio solo envía avisos y nadie lee las respuestas.',
        `Tu reserva ${booking.code} con ${booking.vendorName}: ${booking.manageUrl}`,
        booking.vendorPhone
          ? `Para hablar con ${booking.vendorName}, escríbele por WhatsApp: ${whatsAppLink(booking.vendorPhone)}`
          : 'En la página de tu reserva ves lo que sigue y lo que puedes hacer.',
        'Escribe BAJA para dejar de recibir mensajes de Barrio por WhatsApp.',
      ].join('\n'),
  },
  en: {
    optedOut:
      'Done: you will no longer get Barrio messages on WhatsApp. Your booking notices will still reach you by email. If you change your mind, send ALTA.',
    optedIn:
      'Done: you will get the notices of the bookings where you accepted them on WhatsApp again. Send BAJA to stop them.',
    automatic: (booking) =>
      [
        'Hi: this Barrio number only sends notices and nobody reads the replies.',
        `Your booking ${booking.code} with ${booking.vendorName}: ${booking.manageUrl}`,
        booking.vendorPhone
          ? `To talk to ${booking.vendorName}, message them on WhatsApp: ${whatsAppLink(booking.vendorPhone)}`
          : 'Your booking page shows what comes next and what you can do.',
        'Send BAJA to stop getting Barrio messages on WhatsApp.',
      ].join('\n'),
  },
};

/** The language of the phone's latest booking (decision 072), consent or not; Spanish without one. */
async function phoneLanguage(db: Db, phone: string): Promise<Language> {
  const [latest] = await db
    .select({ language: appointments.language })
    .from(appointments)
    .where(inArray(appointments.customerPhone, phoneVariants(phone)))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(1);
  return latest?.language ?? defaultLanguage;
}

export type CustomerInbound =
  | { command: CustomerKeyword | 'customer_reply'; reply: string | null }
  /** Neither a keyword nor a reply of a customer with a booking: the caller answers as before. */
  | undefined;

/**
 * A message from a phone that is no vendor's: BAJA / ALTA for anyone; otherwise, from a customer
 * with a booking, the automatic answer once a day (nothing to an opted-out phone).
 */
export async function customerInbound({
  db,
  phone,
  body,
  contextId,
  now,
  manageLink,
}: {
  db: Db;
  phone: string;
  body: string;
  contextId?: string | null | undefined;
  now: Date;
  manageLink: ManageLink;
}): Promise<CustomerInbound> {
  const keyword = parseCustomerKeyword(body);
  if (keyword === 'opt_out')
    return {
      command: keyword,
      reply: (await optOut(db, phone, now)) ? customerReplies[await phoneLanguage(db, phone)].optedOut : null,
    };
  // ALTA from a phone that never opted out is read as any other message.
  if (keyword === 'opt_in' && (await optIn(db, phone)))
    return { command: keyword, reply: customerReplies[await phoneLanguage(db, phone)].optedIn };

  const booking = await customerBookingOf(db, phone, contextId);
  if (!booking) return undefined;
  if ((await hasOptedOut(db, phone)) || !(await mayAutoAnswer(db, phone, now)))
    return { command: 'customer_reply', reply: null };
  return {
    command: 'customer_reply',
    reply: customerReplies[booking.language].automatic({
      code: booking.code,
      vendorName: booking.vendorName,
      manageUrl: manageLink(booking),
      // As the booking page does: the vendor's WhatsApp once the vendor has confirmed.
      vendorPhone: booking.confirmedAt ? booking.vendorPhone : null,
    }),
  };
}

/**
 * A message to a customer about their booking: a booking message that names no vendor profile
 * (booking-notifications.ts names it on every message to the vendor). These honour the opt-out.
 */
export function isCustomerMessage(payload: { type: string; vendorProfileId?: string | null }): boolean {
  return (
    (payload.type === 'payment_link' ||
      payload.type === 'payment_received' ||
      payload.type === 'booking_notice') &&
    !payload.vendorProfileId
  );
}
