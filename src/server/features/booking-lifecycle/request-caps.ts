import { createHmac } from 'node:crypto';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { OPEN_REQUEST_CAPS, VENDOR_ANSWER_HOURS } from '../../../shared/constants.ts';
import type { Tx } from '../../db/client.ts';
import { appointments, vendorBlocks } from '../../db/schema/bookings.ts';
import { AppError } from '../../lib/app-error.ts';

// Who may hold a vendor's calendar (decision 036): open requests are capped per email,
// phone and client address, and a vendor may block a requester.

const HOUR_MS = 60 * 60_000;

/**
 * The requester key of a client address (lib/client-address.ts's clientAddress): an HMAC, so that a stored
 * key names no address, under a key derived from the auth secret so that it is never the
 * session-signing key itself (as contactHashKey does).
 */
export function requesterKeyOf(authSecret: string, address: string): string {
  const key = createHmac('sha256', authSecret).update('requester-keys').digest();
  return createHmac('sha256', key).update(address).digest('hex');
}

export interface Requester {
  /** Lower case, as stored. */
  email: string;
  /** E.164, as stored; null when none was given. */
  phone: string | null;
  /** requesterKeyOf the client's address; null when the request came without one. */
  requesterKey: string | null;
}

/** A neutral refusal: the blocked requester learns that this vendor takes no request of theirs, not why. */
const notAccepted = () =>
  new AppError('forbidden', 'This vendor is not accepting requests from you.').because('not_accepted');

const overCap = () =>
  new AppError(
    'rate_limited',
    'You have too many pending requests. Wait for the vendor’s answer before requesting another.',
    { limit: 'open_requests' },
  ).because('too_many_pending');

/**
 * Refuses a request from someone the vendor blocked (403) or over the caps (429). Called inside
 * requestBooking's transaction (booking-lifecycle/request-booking.ts) after the vendor's turn is
 * taken, so that racing requests for one vendor are counted one after another and never pass the
 * per-vendor caps together; requests for different vendors do not wait for each other, so the
 * overall caps hold only up to such races.
 */
export async function refuseBlockedOrOverCap(
  tx: Tx,
  {
    vendorProfileId,
    requester,
    now,
    caps,
  }: { vendorProfileId: string; requester: Requester; now: Date; caps: boolean },
) {
  const { email, phone, requesterKey } = requester;

  const sameBlocked = [eq(vendorBlocks.email, email)];
  if (phone) sameBlocked.push(eq(vendorBlocks.phone, phone));
  if (requesterKey) sameBlocked.push(eq(vendorBlocks.requesterKey, requesterKey));
  const [block] = await tx
    .select({ id: vendorBlocks.id })
    .from(vendorBlocks)
    .where(and(eq(vendorBlocks.vendorProfileId, vendorProfileId), or(...sameBlocked)))
    .limit(1);
  if (block) throw notAccepted();

  if (!caps) return;
  // Open as effectiveStatus reads it: pending, and neither started nor past the vendor's 24 hours.
  const open = and(
    eq(appointments.status, 'pending_vendor'),
    gt(appointments.startTz, now),
    gt(appointments.createdAt, new Date(now.getTime() - VENDOR_ANSWER_HOURS * HOUR_MS)),
  );
  const byEmail = eq(appointments.customerEmail, email);
  const byPhone = phone ? eq(appointments.customerPhone, phone) : sql`false`;
  const byAddress = requesterKey ? eq(appointments.requesterKey, requesterKey) : sql`false`;
  const forVendor = eq(appointments.vendorProfileId, vendorProfileId);
  const count = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;
  // One read through the three partial indexes on open requests.
  const [counts] = await tx
    .select({
      vendorEmail: count(and(forVendor, byEmail)!),
      vendorPhone: count(and(forVendor, byPhone)!),
      vendorAddress: count(and(forVendor, byAddress)!),
      email: count(byEmail),
      phone: count(byPhone),
      address: count(byAddress),
    })
    .from(appointments)
    .where(and(open, or(byEmail, byPhone, byAddress)));
  if (!counts) return;
  const { perVendor, overall } = OPEN_REQUEST_CAPS;
  if (
    counts.vendorEmail >= perVendor.email ||
    counts.vendorPhone >= perVendor.phone ||
    counts.vendorAddress >= perVendor.address ||
    counts.email >= overall.email ||
    counts.phone >= overall.phone ||
    counts.address >= overall.address
  )
    throw overCap();
}

/**
 * Blocks the requester of one booking from its vendor: the email, phone and client address it was
 * made with. Inside the transaction that declines the booking.
 */
export async function blockRequesterOf(tx: Tx, appointmentId: string) {
  const [booking] = await tx
    .select({
      vendorProfileId: appointments.vendorProfileId,
      email: appointments.customerEmail,
      phone: appointments.customerPhone,
      requesterKey: appointments.requesterKey,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!booking) throw new AppError('not_found', 'Not found.');
  await tx.insert(vendorBlocks).values({ ...booking, appointmentId });
}
