import { and, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { REMINDER_HOURS_BEFORE } from '../../../shared/constants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { notifyReminder } from './booking-notifications.ts';
import { type BookingView, bookingViewsOf } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';

// The reminder a day ahead (decision 046): both sides of every confirmed or paid booking
// hear from us REMINDER_HOURS_BEFORE its start. Exactly once, however many instances sweep: the
// rows are claimed by one UPDATE … WHERE reminded_at IS NULL (a row another instance claimed first
// no longer matches when its lock is released), and the messages are queued in the same
// transaction, so a crash before the commit leaves the booking unreminded for the next pass and one
// after it leaves the messages to the outbox. A booking moved to another time is reminded again.

const HOUR_MS = 60 * 60_000;

/** Bookings made less than this far ahead get no reminder: their confirmation is recent enough. */
const MADE_AHEAD = sql.raw(`interval '${REMINDER_HOURS_BEFORE} hours'`);

export async function remindUpcomingBookings({
  db,
  now,
  manageLink,
  limit = 50,
}: {
  db: Db;
  now: Date;
  manageLink: ManageLink;
  limit?: number;
}): Promise<number> {
  const due = and(
    inArray(appointments.status, ['confirmed', 'paid']),
    isNull(appointments.remindedAt),
    gt(appointments.startTz, now),
    lte(appointments.startTz, new Date(now.getTime() + REMINDER_HOURS_BEFORE * HOUR_MS)),
    lte(appointments.createdAt, sql`${appointments.startTz} - ${MADE_AHEAD}`),
  );
  return claimDueBookings(db, {
    due,
    mark: { remindedAt: now },
    limit,
    notify: (tx, row) => notifyReminder(tx, row, now, manageLink),
  });
}

/**
 * A message sent once per booking, however many instances sweep: up to `limit` bookings that are
 * `due` are claimed by one UPDATE setting `mark` (which makes them no longer due; a row another
 * instance claimed first no longer matches when its lock is released), and each one's messages are
 * queued in the same transaction. Returns how many were claimed.
 */
export async function claimDueBookings(
  db: Db,
  {
    due,
    mark,
    limit,
    notify,
  }: {
    due: SQL | undefined;
    mark: Partial<typeof appointments.$inferInsert>;
    limit: number;
    notify: (tx: Tx, booking: BookingView) => Promise<void>;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(appointments)
      .set(mark)
      .where(
        and(
          due,
          inArray(
            appointments.id,
            tx.select({ id: appointments.id }).from(appointments).where(due).limit(limit),
          ),
        ),
      )
      .returning({ id: appointments.id });
    if (claimed.length === 0) return 0;
    for (const row of await bookingViewsOf(tx, claimed)) await notify(tx, row);
    return claimed.length;
  });
}
