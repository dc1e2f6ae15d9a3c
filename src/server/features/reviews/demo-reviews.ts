import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { REVIEW_REQUEST_HOURS_AFTER } from '../../../shared/constants.ts';
import type { Tx } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { demoAccounts } from '../../db/seed/demo-people.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyReviewRequested } from '../booking-lifecycle/booking-notifications.ts';
import { getBookingView } from '../booking-lifecycle/booking-view.ts';
import type { ManageLink } from '../booking-lifecycle/manage-links.ts';
import { answerReview, publishReview } from './reviews.service.ts';

// The demo's reviews (decision 066), as the real flow would have left them: every past paid booking
// was asked for a review two hours after its end, and its customer gave one through the same rules
// a customer's POST goes through (publishReview) — never an average written by hand. The demo
// customer's latest booking with the demo vendor is left to review, its request in the dev mailbox,
// so that a fresh start shows the whole flow; the demo vendor has answered one review.

const HOUR = 60 * 60_000;

/** Ratings and words of the demo's customers, in turn: mostly good, some middling, one poor. */
const said: [number, string | null][] = [
  [5, 'Muy puntual y dejó la casa impecable. La volvería a contratar sin dudar.'],
  [4, 'Buen trabajo, llegó quince minutos tarde pero avisó por WhatsApp.'],
  [5, null],
  [5, 'Excelente atención, explicó cada paso antes de empezar.'],
  [3, 'Cumplió, aunque esperaba más detalle en la cocina.'],
  [5, 'Great service, very professional and friendly.'],
  [4, 'Buen servicio, precio justo.'],
  [2, 'Tuvo que reprogramar dos veces y al final terminó con prisa.'],
  [5, 'Súper recomendable, muy amable con mis mascotas.'],
  [4, null],
];

export async function seedDemoReviews(tx: Tx, { now, manageLink }: { now: Date; manageLink: ManageLink }) {
  const asked = new Date(now.getTime() - REVIEW_REQUEST_HOURS_AFTER * HOUR);
  const past = await tx
    .select({
      id: appointments.id,
      endTz: appointments.endTz,
      vendorProfileId: appointments.vendorProfileId,
      customerEmail: appointments.customerEmail,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ['paid', 'confirmed']),
        lte(appointments.endTz, asked),
        isNull(appointments.reviewRequestedAt),
      ),
    )
    .orderBy(asc(appointments.endTz), asc(appointments.id));
  if (past.length === 0) return;

  const [demoVendor] = await tx
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.businessName, demoAccounts.vendor.businessName));
  const [demoCustomer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.email, demoAccounts.customer.email));
  const leftToReview = past.findLast(
    (b) => b.vendorProfileId === demoVendor?.id && b.customerEmail === demoCustomer?.email,
  );

  let answered = false;
  for (const [i, booking] of past.entries()) {
    const requestedAt = new Date(booking.endTz.getTime() + REVIEW_REQUEST_HOURS_AFTER * HOUR);
    await tx
      .update(appointments)
      .set({ reviewRequestedAt: requestedAt })
      .where(eq(appointments.id, booking.id));
    if (booking === leftToReview) {
      // Asked now rather than when it ended: its request is the one the dev mailbox shows.
      const view = await getBookingView(tx, booking.id);
      if (view) await notifyReviewRequested(tx, view, manageLink);
      continue;
    }
    const [rating, comment] = said[i % said.length]!;
    // Reviewed a few hours after the request, never after now.
    const reviewedAt = new Date(Math.min(requestedAt.getTime() + (1 + (i % 20)) * HOUR, now.getTime()));
    try {
      const { review } = await publishReview(tx, {
        appointmentId: booking.id,
        rating,
        comment,
        now: reviewedAt,
      });
      if (!answered && booking.vendorProfileId === demoVendor?.id && comment) {
        await answerReview(tx, {
          vendorProfileId: booking.vendorProfileId,
          id: review.id,
          text: '¡Gracias por tu confianza! Nos da gusto que el servicio haya quedado como esperabas.',
          now: new Date(Math.min(reviewedAt.getTime() + 3 * HOUR, now.getTime())),
        });
        answered = true;
      }
    } catch (err) {
      // A booking the rules refuse (its window closed) keeps no review, as it would not have.
      if (!(err instanceof AppError)) throw err;
    }
  }
}
