import { and, eq, or, sql } from 'drizzle-orm';
import type { CreateBookingResponse, createBookingSchema } from '../../../shared/booking.schemas.ts';
import { alcaldiaOfArea } from '../../../shared/colonias.ts';
import { DEFAULT_INSTANT_HOLD_MINUTES } from '../../../shared/constants.ts';
import { defaultLanguage, type Language } from '../../../shared/language.ts';
import { toE164 } from '../../../shared/phone.ts';
import { type BookingAddress, serviceLocationOf } from '../../../shared/service-location.ts';
import { isVendorId } from '../../../shared/vendor.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { profiles, services, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError, sqlState } from '../../lib/app-error.ts';
import { computeAvailability } from '../availability/availability.service.ts';
import { colonias } from '../colonias/colonias-catalogue.ts';
import { startsInTimeOff, vendorTimeOffRefusal } from '../time-off/time-off.service.ts';
import { vendorLanguage } from '../whatsapp/whatsapp-texts.ts';
import { attachCheckout, type CheckoutDeps } from './booking-checkout.ts';
import { notifyBookingRequested, notifyInstantBooking } from './booking-notifications.ts';
import { TRANSITIONS, vendorAnswerDeadline } from './booking-status.ts';
import { newBookingCode, newConfirmToken } from './booking-tokens.ts';
import { getBookingView } from './booking-view.ts';
import { expireOverdueBookings } from './expire-bookings.ts';
import type { ManageLink } from './manage-links.ts';
import { confirmLinks } from './messages/booking-mails.ts';
import type { BookingMailFacts } from './messages/message-facts.ts';
import { refuseBlockedOrOverCap } from './request-caps.ts';

// request (product §7 create-booking; ARCHITECTURE §4; decision 014): a `pending_vendor` booking with
// its notifications, in one transaction; for a vendor with instant booking on (decision 097), a
// booking confirmed at once, whose checkout is created right after the commit.

const CODE_ATTEMPTS = 5;
const VENDOR_BOOKINGS_LOCK = 727_003; // any constant: the advisory-lock space of requestBooking

type CreateBookingPayload = ReturnType<typeof createBookingSchema.parse>;

export interface BookingUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

function constraintOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

export const slotTaken = () =>
  new AppError('conflict', 'That time is no longer available. Please pick another time.', {
    reason: 'slot_taken',
  }).because('slot_taken');

export interface RequestBookingOptions {
  db: Db;
  input: CreateBookingPayload;
  /** The signed-in user, if any: linked to the customer when the booking's email is theirs. */
  user: BookingUser | null;
  now: Date;
  appUrl: string;
  /** The customer's booking page: in the receipt, and in the answer (`manageLinkFor`). */
  manageLink: ManageLink;
  /** requesterKeyOf the client's address: kept on the request for the caps and blocks. */
  requesterKey?: string | null;
  /** Counts the request against OPEN_REQUEST_CAPS (decision 036); off only with RATE_LIMITS=off. */
  capOpenRequests?: boolean;
  /**
   * The request's language (`requestLanguage`: the page the customer booked on); a signed-in
   * customer's account language wins when the account has one (decision 072).
   */
  language?: Language;
  /**
   * The payment provider, for an instant booking's checkout right after the commit; without it (the
   * benchmarks) the sweeper attaches it (attachMissingCheckouts).
   */
  checkout?: CheckoutDeps;
  /** How long an unpaid instant booking holds its slot (INSTANT_HOLD_MINUTES, decision 097). */
  instantHoldMinutes?: number;
}

/** The language a booking speaks to its customer (decision 072): the account's, else the page's. */
async function bookingLanguage(db: Db, user: BookingUser | null, asked: Language): Promise<Language> {
  if (!user) return asked;
  const [profile] = await db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.userId, user.id))
    .limit(1);
  return profile?.language ?? asked;
}

/** create-booking (product §7, ARCHITECTURE §4): a `pending_vendor` request with its notifications. */
export async function requestBooking({
  db,
  input,
  user,
  now,
  appUrl,
  manageLink,
  requesterKey = null,
  capOpenRequests = true,
  language: askedLanguage = defaultLanguage,
  checkout,
  instantHoldMinutes = DEFAULT_INSTANT_HOLD_MINUTES,
}: RequestBookingOptions): Promise<CreateBookingResponse> {
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
      cancellationPolicy: vendorProfiles.cancellationPolicy,
      timezone: vendorProfiles.timezone,
      serviceCategory: vendorProfiles.serviceCategory,
      serviceAreas: vendorProfiles.serviceAreas,
      address: vendorProfiles.address,
      vendorLanguages: vendorProfiles.languages,
      vendorAccountLanguage: profiles.language,
      instantBooking: vendorProfiles.instantBooking,
    })
    .from(vendorProfiles)
    .leftJoin(profiles, eq(profiles.userId, vendorProfiles.userId))
    // Decision 048: only approved vendors accept booking requests; others are not public.
    .where(and(reference, eq(vendorProfiles.applicationStatus, 'approved')))
    .limit(1);
  if (!vendor) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');

  // ARCHITECTURE §5: the server re-runs the engine, over the same reads as the availability route, after
  // freeing the slots of overdue rows (the sweeper's rules for this vendor, with their notifications;
  // a cancelled booking's checkout closes itself soon after). The exclusion constraint stays the last
  // guard against races.
  await expireOverdueBookings({ db, now, vendorProfileId: vendor.id, manageLink });
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
  if (!slots.some((slot) => Date.parse(slot) === start.getTime())) {
    // Decision 090: time off is the vendor's choice, not another booking: say so.
    if (await startsInTimeOff(db, { vendorProfileId: vendor.id, serviceId: input.serviceId, start }))
      throw vendorTimeOffRefusal();
    throw slotTaken();
  }

  const [service] = await db
    .select({
      name: services.name,
      priceCents: services.priceCents,
      durationMinutes: services.durationMinutes,
      location: services.location,
    })
    .from(services)
    .where(eq(services.id, input.serviceId))
    .limit(1);
  if (!service)
    throw new AppError('not_found', 'This vendor offers no such service.').because('service_not_offered');
  const serviceLocation = serviceLocationOf(service.location, vendor.serviceCategory);
  const address = serviceLocation === 'customer' ? checkedAddress(input.address, vendor.serviceAreas) : null;

  const end = new Date(start.getTime() + service.durationMinutes * 60_000);
  const phone = input.customerPhone ? (toE164(input.customerPhone) ?? null) : null;
  const email = input.customerEmail.toLowerCase();
  // Link the account only when the address is the signed-in user's own and proven (as decision 016
  // does for admin-created profiles): otherwise signing up with someone's email would reveal their
  // bookings.
  const userId = user?.emailVerified && user.email.toLowerCase() === email ? user.id : null;
  const language = await bookingLanguage(db, user, askedLanguage);
  const facts: Omit<BookingMailFacts, 'code' | 'manageUrl'> = {
    language,
    vendorLanguage: vendorLanguage(vendor),
    vendorName: vendor.businessName,
    serviceName: service.name,
    start,
    timezone: vendor.timezone,
    amountMxn: service.priceCents,
    customerName: input.customerName,
    customerEmail: email,
    customerPhone: phone,
    notes: input.notes ?? null,
    where: { location: serviceLocation, address, placeAddress: vendor.address },
  };
  // Decision 097: with instant booking on, a request that passed every check above (an open slot, and
  // below the vendor's blocks and the caps) is the vendor's yes: confirmed now, as the vendor's confirm
  // would make it (answer-booking.ts), a paid one held unpaid for the hold, never past its start.
  const instant = vendor.instantBooking;
  const free = service.priceCents === 0;
  const [pending, awaitingPayment, confirmed] = TRANSITIONS.request.to;
  const status = !instant ? pending : free ? confirmed : awaitingPayment;
  const paymentDueAt =
    instant && !free
      ? new Date(Math.min(now.getTime() + instantHoldMinutes * 60_000, start.getTime()))
      : null;
  // Decision 070: WhatsApp to the customer only when they ticked it, and only with a phone.
  const whatsappOptIn = phone !== null && input.whatsappOptIn === true;

  /**
   * After the commit (a network call, never inside a transaction): the instant booking's checkout,
   * which also sends the payment link. A provider failure does not undo the booking: the sweeper
   * retries it within the hold, and the booking page shows the link once it exists.
   */
  const instantCheckout = async (appointmentId: string): Promise<string | null> => {
    if (!checkout) return null;
    try {
      return await attachCheckout({ db, checkout, appointmentId, now });
    } catch (err) {
      checkout.logger.warn(
        { err, appointmentId },
        'payments: instant checkout failed; the sweeper retries it',
      );
      return null;
    }
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
            status,
            vendorProfileId: vendor.id,
            serviceId: input.serviceId,
            customerId,
            startTz: start,
            endTz: end,
            bufferMinutes: vendor.bufferMinutes,
            // The terms shown with the form are the ones this booking keeps (decision 095).
            cancellationPolicy: vendor.cancellationPolicy,
            amountMxn: service.priceCents,
            notes: input.notes ?? null,
            serviceLocation,
            address,
            customerName: input.customerName,
            customerEmail: email,
            customerPhone: phone,
            whatsappOptIn,
            language,
            requesterKey,
            code,
            // An instant booking has no answer to give: no confirm link. answeredAt stays empty, so
            // it never counts as a reply in the vendor's response time.
            ...(instant
              ? { confirmedAt: now, paymentDueAt }
              : { confirmTokenHash: hash, confirmTokenExpiresAt: vendorAnswerDeadline(now, start) }),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: appointments.id });
        if (instant) {
          const booking = await getBookingView(tx, row!.id);
          if (booking) await notifyInstantBooking(tx, booking, { now, manageLink });
          return row!.id;
        }
        await notifyBookingRequested(tx, {
          appointmentId: row!.id,
          vendor,
          facts: {
            ...facts,
            code,
            manageUrl: manageLink({ id: row!.id, code }),
            answerDueAt: vendorAnswerDeadline(now, start),
          },
          links: confirmLinks(appUrl, token),
          customerWhatsApp: whatsappOptIn ? phone : null,
        });
        return row!.id;
      });
      const page = new URL(manageLink({ id, code }));
      const paymentUrl = status === awaitingPayment ? await instantCheckout(id) : null;
      return {
        id,
        code,
        status,
        message: !instant
          ? 'Booking request sent. It is awaiting confirmation; confirmations arrive within 8 hours.'
          : free
            ? 'Booking confirmed. There is nothing to pay.'
            : 'Booking confirmed. Pay now to keep it; unpaid, it is cancelled when the hold ends.',
        manage_path: `${page.pathname}${page.search}`,
        payment_url: paymentUrl,
        payment_due_at: paymentDueAt?.toISOString() ?? null,
      };
    } catch (err) {
      const state = sqlState(err);
      if (state === '23P01') throw slotTaken();
      // Taking turns (takeVendorsTurn), requests no longer deadlock each other; one can still
      // deadlock with an update of an overlapping booking at the same moment (a vendor's answer, a
      // payment: its new row version is checked by the constraint too). The aborted request tries
      // again, and then meets that booking (23P01 → 409) or the slot is free.
      if (state === '40P01' && attempt < CODE_ATTEMPTS) continue;
      // Another active booking drew the same code: draw again (ARCHITECTURE §3).
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
 * A service done at the customer's place needs the address, in a colonia of the city (the
 * catalogue's, or one of product §3's ten: decision 073) that the vendor serves (its service areas,
 * an alcaldía serving its colonias; a vendor with none refuses nowhere), with a postal code of that
 * colonia. Each refusal names its field, as the validator does.
 */
function checkedAddress(address: BookingAddress | undefined, serviceAreas: string[]): BookingAddress {
  if (!address) {
    const message = 'Please enter the address where the service is done.';
    throw new AppError('validation_failed', message, [{ path: 'address', message }]).because(
      'address_required',
    );
  }
  if (!colonias().canonicalArea(address.colonia) || alcaldiaOfArea(address.colonia)) {
    const message = `${address.colonia} is not a colonia of Mexico City.`;
    throw new AppError('validation_failed', message, [{ path: 'address.colonia', message }]).because(
      'colonia_unknown',
      { colonia: address.colonia },
    );
  }
  if (!colonias().serves(serviceAreas, address.colonia)) {
    const message = `This vendor does not serve ${address.colonia}. They serve: ${serviceAreas.join(', ')}.`;
    throw new AppError('validation_failed', message, [
      { path: 'address.colonia', message, serves: serviceAreas },
    ]).because('colonia_not_served', { colonia: address.colonia, serves: serviceAreas.join(', ') });
  }
  // The vendor goes by the colonia, the mail by the postal code: they must name one place.
  const postalCodes = colonias().postalCodesOf(address.colonia);
  if (!postalCodes.includes(address.postalCode)) {
    const message = `The postal code ${address.postalCode} is not in ${address.colonia}. Its postal codes: ${postalCodes.join(', ')}.`;
    throw new AppError('validation_failed', message, [
      { path: 'address.postalCode', message, postal_codes: postalCodes },
    ]).because('postal_code_not_in_colonia', {
      postal_code: address.postalCode,
      colonia: address.colonia,
      postal_codes: postalCodes.join(', '),
    });
  }
  return address;
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
export async function takeVendorsTurn(tx: Tx, vendorProfileId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${VENDOR_BOOKINGS_LOCK}, hashtext(${vendorProfileId}))`);
}

/**
 * The shared customer row of the booking's email. Each booking keeps the contact given with it, so
 * this row is the person behind the address: the first booking with the email creates it, and after
 * that only its verified owner (`userId`: the signed-in user whose proven email it is) changes its
 * name and phone. Anyone else's booking with that email is only attached to the row;
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
