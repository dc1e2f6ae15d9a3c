import { and, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { REMINDER_HOURS_BEFORE } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { notifyReminder } from './booking-notifications.ts';
import { bookingViewsOf } from './booking-view.ts';
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
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(appointments)
      .set({ remindedAt: now })
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
    const rows = await bookingViewsOf(tx, claimed);
    for (const row of rows) await notifyReminder(tx, row, now, manageLink);
    return claimed.length;
  });
}
