import { and, eq, gt, sql } from 'drizzle-orm';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type { BookingDecisionResponse } from '../../../shared/booking.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { AppError, sqlState } from '../../lib/app-error.ts';
import { computeAvailability } from '../availability/availability.service.ts';
import { type AnswerBookingForVendorOptions, answerBookingForVendor } from './answer-booking.ts';
import type { CheckoutDeps } from './booking-checkout.ts';
import {
  notifyProposalAccepted,
  notifyProposalRejected,
  notifyTimeProposed,
} from './booking-notifications.ts';
import { effectiveStatus, movesFrom } from './booking-status.ts';
import type { BookingView } from './booking-view.ts';
import { bookingChanged, requireOpenSlot } from './customer-changes.ts';
import type { ManageLink } from './manage-links.ts';
import { slotTaken, takeVendorsTurn } from './request-booking.ts';
import { agreed, readOwnBooking, startedAlready, type VendorActionOptions } from './vendor-actions.ts';

// The vendor's proposal of another time and the customer's answer, and the decline with a reason
// and another time to book (decision 096). A proposal is stored on the booking, one at a time (a new
// one replaces it); until the customer answers, the booking keeps its time and its slot. Each step
// is one conditional UPDATE on the status and start read — and, for the answers, on the proposal
// the customer saw — so a reschedule, a cancel or a newer proposal that came first wins and this one
// answers 409 `changed`.

/** The vendor's proposal while it can be answered: on a booking agreed, both times still ahead. */
export function openProposal(
  row: Pick<BookingView, 'status' | 'startTz' | 'endTz' | 'createdAt' | 'paymentDueAt' | 'proposedStartTz'>,
  now: Date,
): { start: Date; end: Date } | null {
  const proposed = row.proposedStartTz;
  if (!proposed || agreed(row, now) === null) return null;
  if (row.startTz <= now || proposed <= now) return null;
  return {
    start: proposed,
    end: new Date(proposed.getTime() + (row.endTz.getTime() - row.startTz.getTime())),
  };
}

const inThePast = (path: 'startTime' | 'proposeStartTime') =>
  new AppError('validation_failed', `Invalid body (${path}): choose a time in the future.`, [
    { path, message: 'Choose a time in the future.' },
  ]);

const sameTime = () =>
  new AppError('bad_request', 'The booking is already at that time: pick another one.').because(
    'proposal_same_time',
  );

const serviceGone = () =>
  new AppError('conflict', 'This service is no longer offered: no other time can be proposed for it.', {
    reason: 'changed',
  }).because('booking_changed');

/**
 * propose: another time for a confirmed or paid booking, before its start, that the vendor's own
 * availability offers for the same service (the reschedule's check: open, not in time off, ahead,
 * within the booking window). The booking keeps its time; the customer is told and answers.
 */
export async function proposeByVendor(
  options: VendorActionOptions & { start: Date; manageLink: ManageLink },
): Promise<{ id: string; code: string; proposed_start_time: string }> {
  const { db, now, start, manageLink } = options;
  if (start <= now) throw inThePast('startTime');
  const row = await readOwnBooking(options);
  const status = agreed(row, now);
  if (!status) throw bookingChanged();
  if (row.startTz <= now) throw startedAlready();
  if (!row.serviceId) throw serviceGone();
  if (start.getTime() === row.startTz.getTime()) throw sameTime();
  await requireOpenSlot(db, row, start, now);
  await db.transaction(async (tx) => {
    const [proposed] = await tx
      .update(appointments)
      .set({ proposedStartTz: start, proposedAt: now, updatedAt: now })
      .where(
        and(
          eq(appointments.id, row.id),
          movesFrom('propose', status),
          eq(appointments.startTz, row.startTz),
          gt(appointments.startTz, now),
        ),
      )
      .returning({ id: appointments.id });
    if (!proposed) throw bookingChanged();
    await notifyTimeProposed(tx, row, { proposedStart: start, manageLink });
  });
  return { id: row.id, code: row.code, proposed_start_time: start.toISOString() };
}

export interface ProposalAnswerOptions {
  db: Db;
  row: BookingView;
  now: Date;
  checkout: CheckoutDeps;
  /** The proposal the customer's page showed; without it, the one the request read. */
  seen?: Date | undefined;
}

/** The open proposal the customer answers, as their request read it; else 409 `changed`. */
function proposalAnswered({ row, now, seen }: ProposalAnswerOptions) {
  const status = agreed(row, now);
  const proposal = openProposal(row, now);
  if (!status || !proposal) throw bookingChanged();
  if (seen && seen.getTime() !== proposal.start.getTime()) throw bookingChanged();
  return { status, proposal };
}

/**
 * accept_proposal: the booking moves to the proposed time in one UPDATE on the status, the start
 * and the proposal read, which the exclusion constraint checks as it checks a reschedule: the old
 * time is freed only if the new one is taken. Status, amount and payment stay. The proposed time is
 * checked again first: time off added since, or the lead time passed, closes it (409).
 */
export async function acceptProposal(options: ProposalAnswerOptions): Promise<void> {
  const { db, row, now, checkout } = options;
  const { status, proposal } = proposalAnswered(options);
  await requireOpenSlot(db, row, proposal.start, now);
  try {
    await db.transaction(async (tx) => {
      await takeVendorsTurn(tx, row.vendorProfileId);
      const [moved] = await tx
        .update(appointments)
        .set({
          startTz: proposal.start,
          endTz: proposal.end,
          proposedStartTz: null,
          proposedAt: null,
          rescheduledAt: now,
          // The calendar event's SEQUENCE: the moved event replaces the one already added.
          rescheduleCount: sql`${appointments.rescheduleCount} + 1`,
          remindedAt: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(appointments.id, row.id),
            movesFrom('accept_proposal', status),
            eq(appointments.startTz, row.startTz),
            eq(appointments.proposedStartTz, proposal.start),
          ),
        )
        .returning({ rescheduleCount: appointments.rescheduleCount });
      if (!moved) throw bookingChanged();
      await notifyProposalAccepted(
        tx,
        {
          ...row,
          startTz: proposal.start,
          endTz: proposal.end,
          rescheduleCount: moved.rescheduleCount,
          proposedStartTz: null,
          proposedAt: null,
        },
        { previousStart: row.startTz, now, manageLink: checkout.manageLink },
      );
    });
  } catch (err) {
    // Another booking took the proposed time first: the exclusion constraint refused the move.
    if (sqlState(err) === '23P01') throw slotTaken();
    throw err;
  }
}

/** reject_proposal: the proposal is cleared and the booking keeps its time; the vendor is told. */
export async function rejectProposal(options: ProposalAnswerOptions): Promise<void> {
  const { db, row, checkout } = options;
  const { status, proposal } = proposalAnswered(options);
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .update(appointments)
      .set({ proposedStartTz: null, proposedAt: null, updatedAt: options.now })
      .where(
        and(
          eq(appointments.id, row.id),
          movesFrom('reject_proposal', status),
          eq(appointments.startTz, row.startTz),
          eq(appointments.proposedStartTz, proposal.start),
        ),
      )
      .returning({ id: appointments.id });
    if (!kept) throw bookingChanged();
    await notifyProposalRejected(tx, row, { proposedStart: proposal.start, manageLink: checkout.manageLink });
  });
}

/**
 * decline with a reason and, optionally, another open time of the same service that the customer
 * may book instead (a new request, never this one revived). The offered time is checked as a
 * proposal is, the request's own time counted free; the decline itself is the vendor's answer
 * (answer-booking.ts), so a request already answered or expired is refused as there.
 */
export async function declineForVendor(
  options: Omit<AnswerBookingForVendorOptions, 'action'> & {
    reason: string;
    offeredStart?: Date | undefined;
  },
): Promise<BookingDecisionResponse> {
  const { db, now, reason, offeredStart } = options;
  if (offeredStart) {
    if (offeredStart <= now) throw inThePast('proposeStartTime');
    const row = await readOwnBooking(options);
    if (effectiveStatus(row, now) === 'pending_vendor' && row.startTz > now) {
      if (!row.serviceId) throw serviceGone();
      if (offeredStart.getTime() === row.startTz.getTime()) throw sameTime();
      await requireOpenSlot(db, row, offeredStart, now);
    }
  }
  return answerBookingForVendor({
    ...options,
    action: 'decline',
    decline: { note: reason, offeredStart: offeredStart ?? null },
  });
}

/**
 * The times the vendor may propose for a booking, or offer with a decline: its service's open slots
 * in the vendor's own availability, its own time counted free and left out. None for a booking that
 * has ended or started, or whose service was deleted.
 */
export async function proposalSlots(
  options: VendorActionOptions & { from?: Date | undefined; to?: Date | undefined },
): Promise<AvailabilityResponse> {
  const { db, now, from, to } = options;
  const row = await readOwnBooking(options);
  const status = effectiveStatus(row, now);
  const open = (status === 'pending_vendor' || agreed(row, now) !== null) && row.startTz > now;
  if (!open || !row.serviceId) return { slots: [], timezone: row.timezone };
  const result = await computeAvailability({
    db,
    idOrSlug: row.vendorProfileId,
    serviceId: row.serviceId,
    from,
    to,
    now,
    exceptAppointmentId: row.id,
  });
  const startMs = row.startTz.getTime();
  return { ...result, slots: result.slots.filter((slot) => Date.parse(slot) !== startMs) };
}
