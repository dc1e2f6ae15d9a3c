import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type {
  BookingAction,
  BookingByToken,
  BookingDecisionResponse,
  BookingSummary,
  CreateBookingResponse,
  createBookingSchema,
  MyBooking,
  VendorBooking,
} from '../../../shared/booking.schemas.ts';
import {
  type AppointmentStatus,
  PAYMENT_WINDOW_HOURS,
  VENDOR_ANSWER_HOURS,
} from '../../../shared/constants.ts';
import { toE164 } from '../../../shared/phone.ts';
import { isVendorId } from '../../../shared/vendor.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError, sqlState } from '../../lib/app-error.ts';
import { computeAvailability } from '../availability/availability.service.ts';
import { enqueue, enqueueMail } from '../outbox/outbox.service.ts';
import {
  attachCheckoutAfterConfirm,
  type CheckoutDeps,
  cancelUnpaidBookings,
} from '../payments/payments.service.ts';
import {
  type BookingMailFacts,
  confirmLinks,
  customerDeclinedMail,
  customerReceiptMail,
  vendorRequestMail,
  vendorRequestWhatsApp,
} from './booking-mails.ts';
import { blockRequesterOf, refuseBlockedOrOverCap } from './request-caps.ts';

// The booking lifecycle's first steps (DESIGN §4; decision 014): a request, then the vendor's
// answer. Every transition is one conditional statement; side effects go through the outbox in the
// same transaction.

const HOUR_MS = 60 * 60_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // 32 letters: no 0/O, 1/I to misread
const CODE_ATTEMPTS = 5;
const VENDOR_BOOKINGS_LOCK = 727_003; // any constant: the advisory-lock space of createBookingRequest

type CreateBookingPayload = ReturnType<typeof createBookingSchema.parse>;

/** A 6-character booking code (DESIGN §3): 32⁶ ≈ 10⁹ values, unique among active bookings. */
export function newBookingCode(): string {
  return [...randomBytes(6)].map((b) => CODE_ALPHABET[b & 31]).join('');
}

/** DESIGN §10: 256 random bits; only the SHA-256 hash is stored. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** DESIGN §4: a vendor answers by the earlier of the start and 24 h after the request. */
export function vendorAnswerDeadline(createdAt: Date, start: Date): Date {
  return new Date(Math.min(start.getTime(), createdAt.getTime() + VENDOR_ANSWER_HOURS * HOUR_MS));
}

/** DESIGN §4: reads treat an overdue request or an unpaid overdue booking as what the sweeper makes it. */
export function effectiveStatus(
  row: { status: AppointmentStatus; startTz: Date; createdAt: Date; paymentDueAt: Date | null },
  now: Date,
): AppointmentStatus {
  if (row.status === 'pending_vendor' && vendorAnswerDeadline(row.createdAt, row.startTz) <= now)
    return 'expired';
  if (row.status === 'awaiting_payment' && row.paymentDueAt && row.paymentDueAt <= now) return 'cancelled';
  return row.status;
}

/** The sweeper's rules (expiry-sweeper.ts) for one vendor, so that an overdue request frees its slot now. */
async function expireOverdueOfVendor(db: Db, vendorProfileId: string, now: Date) {
  await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.vendorProfileId, vendorProfileId),
        eq(appointments.status, 'pending_vendor'),
        or(
          lte(appointments.startTz, now),
          lte(appointments.createdAt, new Date(now.getTime() - VENDOR_ANSWER_HOURS * HOUR_MS)),
        ),
      ),
    );
  // The sweeper's payment rule, with its notifications; the checkout closes itself soon after.
  await cancelUnpaidBookings({ db, now, vendorProfileId });
}

function constraintOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

const slotTaken = () =>
  new AppError('conflict', 'That time is no longer available. Please pick another time.');

export interface CreateBookingRequestOptions {
  db: Db;
  input: CreateBookingPayload;
  /** The signed-in user, if any: linked to the customer when the booking's email is theirs. */
  user: BookingUser | null;
  now: Date;
  appUrl: string;
  /** requesterKeyOf the client's address: kept on the request for the caps and blocks (issue 28). */
  requesterKey?: string | null;
  /** Counts the request against OPEN_REQUEST_CAPS (decision 036); off only with RATE_LIMITS=off. */
  capOpenRequests?: boolean;
}

/** create-booking (spec §7, DESIGN §4): a `pending_vendor` request with its notifications. */
export async function createBookingRequest({
  db,
  input,
  user,
  now,
  appUrl,
  requesterKey = null,
  capOpenRequests = true,
}: CreateBookingRequestOptions): Promise<CreateBookingResponse> {
  const start = new Date(input.startTime);
  const reference = isVendorId(input.vendorId)
    ? or(eq(vendorProfiles.id, input.vendorId), eq(vendorProfiles.slug, input.vendorId))!
    : eq(vendorProfiles.slug, input.vendorId);
  const [vendor] = await db
    .select({
      id: vendorProfiles.id,
      businessName: vendorProfiles.businessName,
      businessEmail: vendorProfiles.businessEmail,
      businessPhone: vendorProfiles.businessPhone,
      bufferMinutes: vendorProfiles.bufferMinutes,
      timezone: vendorProfiles.timezone,
    })
    .from(vendorProfiles)
    .where(reference)
    .limit(1);
  if (!vendor) throw new AppError('not_found', 'Vendor not found.');

  // DESIGN §5: the server re-runs the engine, over the same reads as the availability route, after
  // freeing the slots of overdue rows. The exclusion constraint stays the last guard against races.
  await expireOverdueOfVendor(db, vendor.id, now);
  const { slots } = await computeAvailability({
    db,
    idOrSlug: vendor.id,
    serviceId: input.serviceId,
    from: start,
    to: new Date(start.getTime() + 60_000),
    now,
  }).catch((err: unknown) => {
    // A start outside the bookable range is simply not an open slot.
    if (err instanceof AppError && err.code === 'validation_failed') return { slots: [] as string[] };
    throw err;
  });
  if (!slots.some((slot) => Date.parse(slot) === start.getTime())) throw slotTaken();

  const [service] = await db
    .select({
      name: services.name,
      priceCents: services.priceCents,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(eq(services.id, input.serviceId))
    .limit(1);
  if (!service) throw new AppError('not_found', 'This vendor offers no such service.');

  const end = new Date(start.getTime() + service.durationMinutes * 60_000);
  const phone = input.customerPhone ? (toE164(input.customerPhone) ?? null) : null;
  const email = input.customerEmail.toLowerCase();
  // Link the account only when the address is the signed-in user's own and proven (as decision 016
  // does for admin-created profiles): otherwise signing up with someone's email would reveal their
  // bookings.
  const userId = user?.emailVerified && user.email.toLowerCase() === email ? user.id : null;
  const facts: BookingMailFacts = {
    code: '',
    vendorName: vendor.businessName,
    serviceName: service.name,
    start,
    timezone: vendor.timezone,
    amountMxn: service.priceCents,
    customerName: input.customerName,
    customerEmail: email,
    customerPhone: phone,
    notes: input.notes ?? null,
  };

  for (let attempt = 1; ; attempt++) {
    const code = newBookingCode();
    const { token, hash } = newConfirmToken();
    try {
      const id = await db.transaction(async (tx) => {
        await takeVendorsTurn(tx, vendor.id);
        await refuseBlockedOrOverCap(tx, {
          vendorProfileId: vendor.id,
          requester: { email, phone, requesterKey },
          now,
          caps: capOpenRequests,
        });
        const customerId = await upsertCustomer(tx, { name: input.customerName, email, phone, userId });
        const [row] = await tx
          .insert(appointments)
          .values({
            status: 'pending_vendor',
            vendorProfileId: vendor.id,
            serviceId: input.serviceId,
            customerId,
            startTz: start,
            endTz: end,
            bufferMinutes: vendor.bufferMinutes,
            amountMxn: service.priceCents,
            notes: input.notes ?? null,
            customerName: input.customerName,
            customerEmail: email,
            customerPhone: phone,
            requesterKey,
            code,
            confirmTokenHash: hash,
            confirmTokenExpiresAt: vendorAnswerDeadline(now, start),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: appointments.id });
        const withCode = { ...facts, code };
        const links = confirmLinks(appUrl, token);
        if (vendor.businessEmail)
          await enqueueMail(tx, vendorRequestMail(vendor.businessEmail, withCode, links));
        if (vendor.businessPhone) {
          // Delivered by the outbox's 'whatsapp' handler (features/whatsapp/whatsapp-outbox.ts,
          // decisions 013 and 018), through the cloud or the log transport.
          await enqueue(tx, {
            kind: 'whatsapp',
            payload: {
              type: 'booking_request',
              to: vendor.businessPhone,
              appointmentId: row!.id,
              vendorProfileId: vendor.id,
              text: vendorRequestWhatsApp(withCode, links),
            },
          });
        }
        await enqueueMail(tx, customerReceiptMail(withCode));
        return row!.id;
      });
      return {
        id,
        code,
        status: 'pending_vendor',
        message: 'Booking request sent. It is awaiting confirmation; confirmations arrive within 8 hours.',
      };
    } catch (err) {
      const state = sqlState(err);
      if (state === '23P01') throw slotTaken();
      // Taking turns (takeVendorsTurn), requests no longer deadlock each other; one can still
      // deadlock with an update of an overlapping booking at the same moment (a vendor's answer, a
      // payment: its new row version is checked by the constraint too). The aborted request tries
      // again, and then meets that booking (23P01 → 409) or the slot is free.
      if (state === '40P01' && attempt < CODE_ATTEMPTS) continue;
      // Another active booking drew the same code: draw again (DESIGN §3).
      if (
        state === '23505' &&
        constraintOf(err) === 'appointments_active_code_idx' &&
        attempt < CODE_ATTEMPTS
      )
        continue;
      throw err;
    }
  }
}

/**
 * One vendor's booking requests take turns, from the start of their transaction to its end.
 * Concurrent inserts checked by one exclusion constraint each wait for the others' uncommitted
 * rows, and PostgreSQL breaks such a cycle only by aborting one of them after deadlock_timeout
 * (1 s). While requests for the slot keep arriving, the survivor wakes to the next newcomer's row
 * and waits again: 50 requests for one slot once made one deadlock a second for three and a half
 * minutes, every pool connection waiting, until each request had spent its attempts. In turn, a
 * request's insert finds the previous one committed and is refused at once (23P01 → 409). Taken
 * before any row is written, so a request waits holding no lock of its own.
 */
async function takeVendorsTurn(tx: Tx, vendorProfileId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${VENDOR_BOOKINGS_LOCK}, hashtext(${vendorProfileId}))`);
}

/**
 * The shared customer row of the booking's email. Each booking keeps the contact given with it, so
 * this row is the person behind the address: the first booking with the email creates it, and after
 * that only its verified owner (`userId`: the signed-in user whose proven email it is) changes its
 * name and phone (issue 28). Anyone else's booking with that email is only attached to the row;
 * otherwise a stranger could rewrite the contact that everything keyed on the customer reads.
 */
async function upsertCustomer(
  tx: Tx,
  c: { name: string; email: string; phone: string | null; userId: string | null },
): Promise<string> {
  const byOwner = c.userId
    ? { name: sql`excluded.name`, phoneE164: sql`coalesce(excluded.phone_e164, ${customers.phoneE164})` }
    : {};
  const [row] = await tx
    .insert(customers)
    .values({ name: c.name, email: c.email, phoneE164: c.phone, userId: c.userId })
    .onConflictDoUpdate({
      target: customers.email,
      // Always an update, if only of user_id to itself: RETURNING then gives the existing row's id.
      set: { userId: sql`coalesce(${customers.userId}, excluded.user_id)`, ...byOwner },
    })
    .returning({ id: customers.id });
  return row!.id;
}

export interface BookingUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

const summaryColumns = {
  id: appointments.id,
  code: appointments.code,
  status: appointments.status,
  startTz: appointments.startTz,
  endTz: appointments.endTz,
  createdAt: appointments.createdAt,
  paymentDueAt: appointments.paymentDueAt,
  amountMxn: appointments.amountMxn,
  confirmTokenExpiresAt: appointments.confirmTokenExpiresAt,
  vendorProfileId: appointments.vendorProfileId,
  notes: appointments.notes,
  vendorName: vendorProfiles.businessName,
  timezone: vendorProfiles.timezone,
  serviceName: services.name,
  // The contact given with this booking (issue 28), never the shared customers row, which another
  // booking with the same email does not change (upsertCustomer).
  customerName: appointments.customerName,
  customerEmail: appointments.customerEmail,
  customerPhone: appointments.customerPhone,
};

async function selectBookings(db: Db | Tx, where: SQL | undefined, limit = 1) {
  return db
    .select(summaryColumns)
    .from(appointments)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where)
    .orderBy(desc(appointments.createdAt))
    .limit(limit);
}

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

function toSummary(row: BookingRow, now: Date): BookingSummary {
  return {
    id: row.id,
    code: row.code,
    status: effectiveStatus(row, now),
    vendor_name: row.vendorName,
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    customer_name: row.customerName,
    amount_mxn: row.amountMxn,
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
  };
}

const unknownToken = () => new AppError('not_found', 'Token de confirmación inválido');

/**
 * GET /api/bookings/confirm?token=: what the vendor is about to answer. Changes nothing. Only while
 * the link can still be answered (what `decide` requires): a used or expired link answers its code
 * and status alone, so a token left in an old mail or log no longer reveals the customer (issue 28).
 */
export async function getBookingByToken({
  db,
  token,
  now,
}: {
  db: Db;
  token: string;
  now: Date;
}): Promise<BookingByToken> {
  const [row] = await selectBookings(db, eq(appointments.confirmTokenHash, hashToken(token)));
  if (!row) throw unknownToken();
  const status = effectiveStatus(row, now);
  const open =
    status === 'pending_vendor' && row.confirmTokenExpiresAt !== null && row.confirmTokenExpiresAt > now;
  if (!open)
    return { answerable: false, code: row.code, status: status === 'pending_vendor' ? 'expired' : status };
  return { answerable: true, ...toSummary(row, now) };
}

export interface DecideBookingOptions {
  db: Db;
  action: BookingAction;
  now: Date;
  /** Confirming creates the checkout and sends the payment link: `checkoutDeps(c.var.deps)`. */
  checkout: CheckoutDeps;
}

/**
 * vendor-confirm (spec §7, DESIGN §4) by the link's token: one conditional UPDATE, so two clicks or
 * a click and a WhatsApp reply race safely and the loser is told the booking was already processed.
 */
export async function decideBookingByToken({ token, ...options }: DecideBookingOptions & { token: string }) {
  return decide({
    ...options,
    match: eq(appointments.confirmTokenHash, hashToken(token)),
    missing: unknownToken,
  });
}

/**
 * Issue 28 (decision 035): a claimed profile's bookings made before its claim stay hidden from the
 * account that claimed it until an admin approves the claim. Every read or answer of bookings by a
 * vendor's account adds this; admins and the token links (the stored phone and email) do not.
 */
export function visibleToVendorAccount(vendorProfileId: string): SQL {
  return sql`${appointments.createdAt} >= coalesce((select ${vendorProfiles.claimedAt} from ${vendorProfiles} where ${vendorProfiles.id} = ${vendorProfileId} and ${vendorProfiles.claimApprovedAt} is null), '-infinity'::timestamptz)`;
}

/** The same answer from the vendor's own list: the owner check is part of the match (404 otherwise). */
export async function decideBookingForVendor({
  bookingId,
  vendorProfileId,
  ...options
}: DecideBookingOptions & { bookingId: string; vendorProfileId: string }) {
  return decide({
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
 * Decline-and-block (issue 28): the vendor's decline, and from then on this vendor refuses requests
 * from the email, phone and client address the booking was made with. One transaction: a booking
 * that is no longer pending is neither declined nor its requester blocked.
 */
export async function declineAndBlockForVendor(
  options: Omit<DecideBookingOptions, 'action'> & { bookingId: string; vendorProfileId: string },
): Promise<BookingDecisionResponse> {
  return options.db.transaction(async (tx) => {
    const decided = await decideBookingForVendor({ ...options, db: tx, action: 'decline' });
    await blockRequesterOf(tx, decided.id);
    return decided;
  });
}

async function decide({
  db,
  action,
  now,
  checkout,
  match,
  missing,
}: DecideBookingOptions & { match: SQL; missing: () => AppError }): Promise<BookingDecisionResponse> {
  const dueAt = new Date(now.getTime() + PAYMENT_WINDOW_HOURS * HOUR_MS);
  const free = sql`${appointments.amountMxn} = 0`;
  const set =
    action === 'confirm'
      ? {
          // A free booking needs no payment (DESIGN §4); a paid one gets its checkout below.
          status: sql<AppointmentStatus>`case when ${free} then 'confirmed' else 'awaiting_payment' end`,
          confirmedAt: now,
          paymentDueAt: sql<Date>`case when ${free} then null else least(${dueAt}::timestamptz, ${appointments.startTz}) end`,
          updatedAt: now,
        }
      : { status: 'declined' as const, updatedAt: now };

  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointments)
      .set(set)
      .where(
        and(
          match,
          eq(appointments.status, 'pending_vendor'),
          gt(appointments.confirmTokenExpiresAt, now),
          gt(appointments.startTz, now),
        ),
      )
      .returning({ id: appointments.id, code: appointments.code, status: appointments.status });
    if (row && action === 'decline') {
      const [booking] = await selectBookings(tx, eq(appointments.id, row.id));
      if (booking) await enqueueMail(tx, customerDeclinedMail(factsOf(booking)));
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
  const [row] = await selectBookings(db, match);
  if (!row) throw missing();
  const status = effectiveStatus(row, now);
  if (status === 'pending_vendor' || status === 'expired')
    throw new AppError(
      'gone',
      'Este enlace de confirmación ha caducado. / This confirmation link has expired.',
    );
  throw new AppError(
    'conflict',
    `Esta reserva ya fue procesada (${status}). / This booking was already processed.`,
  );
}

function factsOf(row: BookingRow): BookingMailFacts {
  return {
    code: row.code,
    vendorName: row.vendorName,
    serviceName: row.serviceName ?? '—',
    start: row.startTz,
    timezone: row.timezone,
    amountMxn: row.amountMxn,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
  };
}

const LIST_LIMIT = 200;

/** GET /api/vendor/bookings: the vendor's appointments, newest first. */
export async function listVendorBookings({
  db,
  vendorProfileId,
  now,
}: {
  db: Db;
  vendorProfileId: string;
  now: Date;
}): Promise<VendorBooking[]> {
  const rows = await selectBookings(
    db,
    and(eq(appointments.vendorProfileId, vendorProfileId), visibleToVendorAccount(vendorProfileId)),
    LIST_LIMIT,
  );
  return rows.map((row) => ({
    ...toSummary(row, now),
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * GET /api/me/bookings: the user's appointments, by the linked customer or — once the address is
 * proven — the same email (bookings made before signing in).
 */
export async function listMyBookings({
  db,
  user,
  now,
}: {
  db: Db;
  user: BookingUser;
  now: Date;
}): Promise<MyBooking[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      vendorSlug: vendorProfiles.slug,
    })
    .from(appointments)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    // By the customer row: every booking with an email is attached to that email's one row, so
    // customers.email matches exactly the bookings whose customer_email is the user's, and through
    // the row's unique index rather than a scan of appointments.
    .where(
      user.emailVerified
        ? or(eq(customers.userId, user.id), eq(customers.email, user.email))
        : eq(customers.userId, user.id),
    )
    .orderBy(desc(appointments.startTz))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    status: effectiveStatus(row, now),
    vendor_id: row.vendorProfileId,
    vendor_name: row.vendorName,
    vendor_slug: row.vendorSlug,
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    amount_mxn: row.amountMxn,
    created_at: row.createdAt.toISOString(),
  }));
}
