import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BookingAction, BookingDecisionResponse } from '../../../shared/booking.schemas.ts';
import { type AppointmentStatus, PAYMENT_WINDOW_HOURS } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { messages } from '../../db/schema/messaging.ts';
import { AppError } from '../../lib/app-error.ts';
import { attachCheckoutAfterConfirm, type CheckoutDeps } from './booking-checkout.ts';
import { notifyBookingDeclined } from './booking-notifications.ts';
import { answerable, effectiveStatus, statusInWordsEs } from './booking-status.ts';
import { hashToken } from './booking-tokens.ts';
import {
  type BookingView,
  getBookingView,
  selectBookingViews,
  visibleToVendorAccount,
} from './booking-view.ts';
import { blockRequesterOf } from './request-caps.ts';

// confirm and decline: the vendor's answer (product §7 vendor-confirm; ARCHITECTURE §4; decision 014),
// by the link's token, from the vendor's own list, or by WhatsApp. Every way ends in `answer`: one
// conditional UPDATE, so two clicks, or a click and a WhatsApp reply, race safely and the loser is
// told the booking was already processed.

const HOUR_MS = 60 * 60_000;

export interface AnswerBookingOptions {
  db: Db;
  action: BookingAction;
  now: Date;
  /** Confirming creates the checkout and sends the payment link: `checkoutDeps(c.var.deps)`. */
  checkout: CheckoutDeps;
  /** A decline's reason and the other time offered instead, for the customer (decision 096). */
  decline?: { note: string; offeredStart: Date | null } | undefined;
}

export const unknownToken = () =>
  new AppError('not_found', 'Token de confirmación inválido').because('confirm_link_invalid');

/** The answer by the link's token (the stored phone and email received it). */
export async function answerBookingByToken({ token, ...options }: AnswerBookingOptions & { token: string }) {
  return answer({
    ...options,
    match: eq(appointments.confirmTokenHash, hashToken(token)),
    missing: unknownToken,
  });
}

export type AnswerBookingForVendorOptions = AnswerBookingOptions & {
  bookingId: string;
  vendorProfileId: string;
};

/** The same answer from the vendor's own list: the owner check is part of the match (404 otherwise). */
export async function answerBookingForVendor({
  bookingId,
  vendorProfileId,
  ...options
}: AnswerBookingForVendorOptions) {
  return answer({
    ...options,
    match: and(
      eq(appointments.id, bookingId),
      eq(appointments.vendorProfileId, vendorProfileId),
      visibleToVendorAccount(vendorProfileId),
    )!,
    missing: () => new AppError('not_found', 'Not found.'),
  });
}

/**
 * Decline-and-block: the vendor's decline, and from then on this vendor refuses requests
 * from the email, phone and client address the booking was made with. One transaction: a booking
 * that is no longer pending is neither declined nor its requester blocked.
 */
export async function declineAndBlockForVendor(
  options: Omit<AnswerBookingForVendorOptions, 'action'>,
): Promise<BookingDecisionResponse> {
  return options.db.transaction(async (tx) => {
    const decided = await answerBookingForVendor({ ...options, db: tx, action: 'decline' });
    await blockRequesterOf(tx, decided.id);
    return decided;
  });
}

async function answer({
  db,
  action,
  now,
  checkout,
  decline,
  match,
  missing,
}: AnswerBookingOptions & { match: SQL; missing: () => AppError }): Promise<BookingDecisionResponse> {
  const dueAt = new Date(now.getTime() + PAYMENT_WINDOW_HOURS * HOUR_MS);
  const free = sql`${appointments.amountMxn} = 0`;
  const set =
    action === 'confirm'
      ? {
          // A free booking needs no payment (ARCHITECTURE §4); a paid one gets its checkout below.
          status: sql<AppointmentStatus>`case when ${free} then 'confirmed' else 'awaiting_payment' end`,
          confirmedAt: now,
          answeredAt: now,
          paymentDueAt: sql<Date>`case when ${free} then null else least(${dueAt}::timestamptz, ${appointments.startTz}) end`,
          updatedAt: now,
        }
      : {
          status: 'declined' as const,
          answeredAt: now,
          updatedAt: now,
          ...(decline ? { declineNote: decline.note, offeredStartTz: decline.offeredStart } : {}),
        };

  const decided = await db.transaction(async (tx) => {
    // answerable: pending_vendor (what confirm and decline move from), link unexpired, start ahead.
    const [row] = await tx
      .update(appointments)
      .set(set)
      .where(and(match, answerable(now)))
      .returning({ id: appointments.id, code: appointments.code, status: appointments.status });
    if (row && action === 'decline') {
      const booking = await getBookingView(tx, row.id);
      if (booking) await notifyBookingDeclined(tx, booking, { now, manageLink: checkout.manageLink });
    }
    return row;
  });
  if (decided) {
    // After the commit: the checkout is a network call, never made inside a transaction.
    if (decided.status === 'awaiting_payment')
      await attachCheckoutAfterConfirm({ db, checkout, appointmentId: decided.id, now });
    return {
      ...decided,
      message: action === 'confirm' ? 'Reserva confirmada exitosamente' : 'Reserva rechazada',
    };
  }

  // Nothing moved: say why.
  const [row] = await selectBookingViews(db, match, { limit: 1 });
  if (!row) throw missing();
  const status = effectiveStatus(row, now);
  if (status === 'pending_vendor' || status === 'expired')
    throw new AppError(
      'gone',
      'Este enlace de confirmación ha caducado. / This confirmation link has expired.',
    ).because('confirm_link_expired');
  throw new AppError(
    'conflict',
    `Esta reserva ya fue procesada (${statusInWordsEs[status]}). / This booking was already processed.`,
  ).because('booking_already_processed', { status });
}

/** What a vendor's WhatsApp command did (whatsapp-inbound.service.ts words the reply). */
export type WhatsAppAnswer =
  | { kind: 'unknown_code'; code: string }
  | { kind: 'no_pending' }
  /** Several requests wait and the message named none: the vendor picks one by its code. */
  | { kind: 'choose'; pending: BookingView[] }
  | { kind: 'answered'; decided: BookingDecisionResponse }
  | { kind: 'blocked'; decided: BookingDecisionResponse }
  /**
   * The answer was refused (already processed, expired…): the booking's code, why, and the status it
   * has now (what a tap on an old request is told).
   */
  | { kind: 'refused'; code: string; message: string; status: AppointmentStatus };

export interface AnswerBookingByWhatsAppOptions {
  db: Db;
  /** The vendor profiles of the sender's phone. */
  vendorProfileIds: string[];
  /** The code the command named, if any. */
  code: string | undefined;
  /** The wamid the message replies to, if any: our notification of one booking. */
  contextId: string | null | undefined;
  action: 'confirm' | 'deny' | 'block';
  now: Date;
  checkout: CheckoutDeps;
}

/**
 * A vendor's CONFIRM, DENY or BLOCK by WhatsApp (ARCHITECTURE §9): the booking is the one the code
 * names, else the one the message replies to, else the only request waiting for an answer; then the
 * same answer as the link's and the list's.
 */
export async function answerBookingByWhatsApp({
  db,
  vendorProfileIds: ids,
  code,
  contextId,
  action,
  now,
  checkout,
}: AnswerBookingByWhatsAppOptions): Promise<WhatsAppAnswer> {
  const ofSender = inArray(appointments.vendorProfileId, ids);
  let target: BookingView | undefined;
  if (code) {
    // Codes are unique among active bookings; an old one may repeat, so the pending one wins.
    [target] = await selectBookingViews(db, and(ofSender, eq(appointments.code, code)), {
      orderBy: [sql`${appointments.status} = 'pending_vendor' desc`, desc(appointments.createdAt)],
      limit: 1,
    });
    if (!target) return { kind: 'unknown_code', code };
  } else if (contextId) {
    // A reply to our notification: its wamid tells which booking.
    const notified = db
      .select({ id: messages.appointmentId })
      .from(messages)
      .where(eq(messages.externalId, contextId));
    [target] = await selectBookingViews(db, and(ofSender, inArray(appointments.id, notified)), { limit: 1 });
  }
  if (!target) {
    const pending = await selectBookingViews(db, and(ofSender, answerable(now)), {
      orderBy: asc(appointments.startTz),
      limit: 10,
    });
    if (pending.length === 0) return { kind: 'no_pending' };
    if (pending.length > 1) return { kind: 'choose', pending };
    target = pending[0];
  }
  if (!target) return { kind: 'no_pending' };

  try {
    const options = { db, now, checkout, bookingId: target.id, vendorProfileId: target.vendorProfileId };
    // The decline, and this vendor refuses the requester's later requests.
    if (action === 'block') return { kind: 'blocked', decided: await declineAndBlockForVendor(options) };
    const decided = await answerBookingForVendor({
      ...options,
      action: action === 'confirm' ? 'confirm' : 'decline',
    });
    return { kind: 'answered', decided };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const [current] = await selectBookingViews(db, eq(appointments.id, target.id), { limit: 1 });
    const status = effectiveStatus(current ?? target, now);
    return { kind: 'refused', code: target.code, message: err.message, status };
  }
}
