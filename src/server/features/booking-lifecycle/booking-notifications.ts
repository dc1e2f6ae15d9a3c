import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { enqueueWhatsApp } from '../whatsapp/whatsapp-outbound.service.ts';
import { formatWhen, type TemplateKey, vendorLanguage } from '../whatsapp/whatsapp-texts.ts';
import { vendorAnswerDeadline } from './booking-status.ts';
import type { BookingView } from './booking-view.ts';
import { type ManageLink, offeredBookingPath, reviewUrlOf, siteUrlOf } from './manage-links.ts';
import { bookingCalendar } from './messages/booking-calendar.ts';
import {
  customerDeclinedMail,
  customerReceiptMail,
  instantConfirmedCustomerMail,
  vendorInstantMail,
  vendorInstantWhatsApp,
  vendorRequestMail,
  vendorRequestWhatsApp,
} from './messages/booking-mails.ts';
import type { By as CancelledBy } from './messages/change-mails.ts';
import {
  customerCancelledMail,
  customerExpiredMail,
  customerReminderMail,
  customerRescheduledMail,
  refundIssuedMail,
  reminderWhatsApp,
  vendorCancelledMail,
  vendorCancelledWhatsApp,
  vendorReminderMail,
  vendorRescheduledMail,
  vendorRescheduledWhatsApp,
} from './messages/change-mails.ts';
import {
  type CustomerWhatsApp,
  cancelledCustomerWhatsApp,
  declinedCustomerWhatsApp,
  expiredCustomerWhatsApp,
  paidCustomerWhatsApp,
  paymentLinkCustomerWhatsApp,
  proposalAcceptedCustomerWhatsApp,
  proposalCustomerWhatsApp,
  reminderCustomerWhatsApp,
  requestReceivedWhatsApp,
  rescheduledCustomerWhatsApp,
  reviewRequestCustomerWhatsApp,
} from './messages/customer-whatsapp.ts';
import type { BookingMailFacts, PaymentMailFacts } from './messages/message-facts.ts';
import {
  latePaymentMail,
  paidCustomerMail,
  paidVendorMail,
  paidWhatsApp,
  paymentFailedMail,
  paymentLinkMail,
  unpaidCancelledMails,
} from './messages/payment-mails.ts';
import {
  customerProposalAcceptedMail,
  customerProposalMail,
  type DeclineExtras,
  declineExtraLines,
  vendorProposalAcceptedMail,
  vendorProposalAcceptedWhatsApp,
  vendorProposalRejectedMail,
  vendorProposalRejectedWhatsApp,
} from './messages/proposal-mails.ts';
import {
  reviewHiddenCustomerMail,
  reviewHiddenVendorMail,
  reviewRequestMail,
} from './messages/review-mails.ts';

// What each event of the lifecycle sends (ARCHITECTURE §4, §8, §9; decisions 014, 017): the operations
// call one function per event, inside the transaction of their change, and this module queues the
// mails and WhatsApp messages in the outbox (delivered after the commit). The texts are in
// messages/ (booking-mails.ts, change-mails.ts, payment-mails.ts), each in its reader's language
// (decision 072: the booking's for the customer, the account's for the vendor); WhatsApp items are delivered by the
// outbox's 'whatsapp' handler (features/whatsapp/whatsapp-outbox.ts, decisions 013 and 018), through
// the cloud or the log transport.

/** The facts every text is written from, with the customer's booking page (`manageLink`). */
export function mailFactsOf(row: BookingView, manageLink: ManageLink): PaymentMailFacts {
  return { ...vendorFactsOf(row), manageUrl: manageLink(row) };
}

/** The same facts without the customer's booking page, which no text to the vendor carries. */
function vendorFactsOf(row: BookingView): Omit<PaymentMailFacts, 'manageUrl'> {
  return {
    appointmentId: row.id,
    code: row.code,
    language: row.language,
    vendorLanguage: vendorLanguage(row),
    vendorName: row.vendorName,
    vendorEmail: row.vendorEmail,
    vendorPhone: row.vendorPhone,
    rescheduleCount: row.rescheduleCount,
    serviceName: row.serviceName ?? '—',
    start: row.startTz,
    end: row.endTz,
    timezone: row.timezone,
    amountMxn: row.amountMxn,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
    where: {
      location: row.serviceLocation,
      address: row.address,
      placeAddress: row.serviceLocation === 'vendor' ? row.vendorAddress : null,
    },
  };
}

/**
 * The customer's phone for this booking's WhatsApp messages: only when they ticked the form's
 * WhatsApp consent (decision 070); otherwise they hear of it by mail only. A phone that later wrote
 * BAJA is refused at delivery (whatsapp-outbound.service.ts), so that queued messages honour it too.
 */
function customerWhatsAppOf(booking: Pick<BookingView, 'customerPhone' | 'whatsappOptIn'>): string | null {
  return booking.whatsappOptIn ? booking.customerPhone : null;
}

/** One of the customer's WhatsApp messages (decision 070): its text and button, and its template. */
async function enqueueCustomerWhatsApp(
  tx: Tx,
  appointmentId: string,
  to: string,
  { type, text, interactive, template }: CustomerWhatsApp,
) {
  await enqueueWhatsApp(tx, { type, to, appointmentId, text, interactive, template });
}

/**
 * Settings → "Email notifications" (product §2.9), per side of a booking: false when the customer's
 * account, or the account that owns the vendor, turned them off. A guest (no account) and an
 * unclaimed vendor get them. The switch covers notifications only: the mails a person asked for
 * (the customer's receipt of a request, of a cancellation or a reschedule they made) and those
 * about money (payment link, payment receipt, refunds) go out whatever it says.
 */
export async function emailNotificationsWanted(
  tx: Tx,
  appointmentId: string,
): Promise<{ customer: boolean; vendor: boolean }> {
  const customerProfile = alias(profiles, 'customer_profile');
  const ownerProfile = alias(profiles, 'owner_profile');
  const [row] = await tx
    .select({ customer: customerProfile.notifyEmail, vendor: ownerProfile.notifyEmail })
    .from(appointments)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, vendorProfiles.userId))
    .leftJoin(customers, eq(customers.id, appointments.customerId))
    .leftJoin(customerProfile, eq(customerProfile.userId, customers.userId))
    .where(eq(appointments.id, appointmentId));
  return { customer: row?.customer !== false, vendor: row?.vendor !== false };
}

/** request: the vendor's notification (mail, WhatsApp) with the confirm links, and the customer's receipt. */
export async function notifyBookingRequested(
  tx: Tx,
  {
    appointmentId,
    vendor,
    facts,
    links,
    customerWhatsApp,
  }: {
    appointmentId: string;
    vendor: { id: string; businessEmail: string | null; businessPhone: string | null };
    facts: BookingMailFacts;
    links: { confirm: string; decline: string };
    /** The customer's phone when they ticked the WhatsApp consent (decision 070), else null. */
    customerWhatsApp: string | null;
  },
) {
  const wanted = await emailNotificationsWanted(tx, appointmentId);
  // A vendor without a WhatsApp number gets the request by mail whatever the switch says: else it
  // would reach them nowhere but the dashboard, and the customer would wait for an answer in vain.
  if (vendor.businessEmail && (wanted.vendor || !vendor.businessPhone))
    await enqueueMail(tx, vendorRequestMail(vendor.businessEmail, facts, links));
  if (vendor.businessPhone) {
    await enqueueWhatsApp(tx, {
      type: 'booking_request',
      to: vendor.businessPhone,
      appointmentId,
      vendorProfileId: vendor.id,
      text: vendorRequestWhatsApp(facts, links),
    });
    // Its buttons and template, in the vendor's language, are built when it is delivered.
  }
  await enqueueMail(tx, customerReceiptMail(facts));
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(tx, appointmentId, customerWhatsApp, requestReceivedWhatsApp(facts));
}

/**
 * An instant booking (decision 097), made confirmed: the vendor is told of it (mail, WhatsApp), not
 * asked. The customer of a free one reads it confirmed, with the calendar invitation; the customer of
 * a paid one gets the payment link once its checkout is stored (notifyPaymentLink), which says it is
 * confirmed and to pay by its hold's end.
 */
export async function notifyInstantBooking(
  tx: Tx,
  booking: BookingView,
  { now, manageLink }: { now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  const payBy = booking.amountMxn > 0 ? booking.paymentDueAt : null;
  const wanted = await emailNotificationsWanted(tx, booking.id);
  // As a request: without a WhatsApp number the vendor hears of it by mail whatever the switch says.
  if (facts.vendorEmail && (wanted.vendor || !facts.vendorPhone))
    await enqueueMail(tx, vendorInstantMail(facts.vendorEmail, facts, payBy));
  if (facts.vendorPhone)
    await enqueueVendorNotice(tx, booking, facts.vendorPhone, vendorInstantWhatsApp(facts, payBy), {
      key: 'booking_instant',
      parameters: [
        facts.code,
        facts.serviceName,
        formatWhen(facts.start, facts.timezone, facts.vendorLanguage),
        facts.customerName,
      ],
    });
  if (booking.amountMxn === 0)
    await enqueueMail(tx, instantConfirmedCustomerMail(facts, bookingCalendar(facts, now)));
}

/**
 * The vendor's WhatsApp request again (the WhatsApp testing page), when its first text is no longer
 * at hand: built as the first one was, with the commands in place of the confirm links.
 */
export function vendorRequestResendText(booking: BookingView): string {
  return vendorRequestWhatsApp(
    { ...vendorFactsOf(booking), answerDueAt: vendorAnswerDeadline(booking.createdAt, booking.startTz) },
    null,
  );
}

/**
 * decline: the customer learns that nothing was charged, with the cancellation of the tentative
 * event the booking page offered to add to a calendar; with the vendor's reason and the time they
 * offered instead (decision 096), which the mail links to book. A decline with a reason or an offer
 * is written for the customer, so it goes out whatever the notification switch says.
 */
export async function notifyBookingDeclined(
  tx: Tx,
  booking: BookingView,
  { now, manageLink }: { now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  const offered =
    booking.offeredStartTz && booking.serviceId
      ? {
          start: booking.offeredStartTz,
          url: siteUrlOf(
            facts.manageUrl,
            offeredBookingPath(
              { vendorSlug: booking.vendorSlug, serviceId: booking.serviceId },
              booking.offeredStartTz,
            ),
          ),
        }
      : null;
  const extras: DeclineExtras = { note: booking.declineNote, offered };
  const written = extras.note !== null || offered !== null;
  if (written || (await emailNotificationsWanted(tx, booking.id)).customer)
    await enqueueMail(
      tx,
      customerDeclinedMail(
        facts,
        bookingCalendar(facts, now, 'cancelled'),
        declineExtraLines(facts, extras, { withLink: true }),
      ),
    );
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(tx, booking.id, customerWhatsApp, declinedCustomerWhatsApp(facts, extras));
}

/** confirm, once the checkout is stored: the payment link to the customer (mail, and WhatsApp with a phone). */
export async function notifyPaymentLink(
  tx: Tx,
  booking: BookingView,
  { url, dueAt, manageLink }: { url: string; dueAt: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, paymentLinkMail(facts, url, dueAt));
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(
      tx,
      booking.id,
      customerWhatsApp,
      paymentLinkCustomerWhatsApp(facts, url, dueAt),
    );
}

/** pay: both parties, by mail (the customer's with the calendar invite) and by WhatsApp. */
export async function notifyBookingPaid(tx: Tx, booking: BookingView, now: Date, manageLink: ManageLink) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, paidCustomerMail(facts, bookingCalendar(facts, now)));
  if (facts.vendorEmail && (await emailNotificationsWanted(tx, booking.id)).vendor)
    await enqueueMail(tx, paidVendorMail(facts.vendorEmail, facts));
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(tx, booking.id, customerWhatsApp, paidCustomerWhatsApp(facts));
  // Its template, in the vendor's language, is built when it is delivered.
  if (facts.vendorPhone)
    await enqueueWhatsApp(tx, {
      type: 'payment_received',
      to: facts.vendorPhone,
      appointmentId: facts.appointmentId,
      vendorProfileId: booking.vendorProfileId,
      text: paidWhatsApp(facts, 'vendor'),
    });
}

/** cancel_unpaid (payment_timeout): both parties learn that the booking was cancelled. */
export async function notifyUnpaidCancelled(
  tx: Tx,
  booking: BookingView,
  { now, manageLink }: { now: Date; manageLink: ManageLink },
) {
  const wanted = await emailNotificationsWanted(tx, booking.id);
  const facts = mailFactsOf(booking, manageLink);
  const [customerMail, vendorMail] = unpaidCancelledMails(facts, bookingCalendar(facts, now, 'cancelled'));
  if (customerMail && wanted.customer) await enqueueMail(tx, customerMail);
  if (vendorMail && wanted.vendor) await enqueueMail(tx, vendorMail);
}

/** async_payment_failed: the customer learns the voucher went unpaid and the booking still waits. */
export async function notifyPaymentFailed(tx: Tx, booking: BookingView, dueAt: Date, manageLink: ManageLink) {
  await enqueueMail(tx, paymentFailedMail(mailFactsOf(booking, manageLink), dueAt));
}

/**
 * late_payment: the customer learns the payment will be refunded; when this payment's arrival is what
 * cancels the booking (`cancelledNow`), the vendor also gets the cancellation (the customer's
 * cancellation mail would repeat the refund mail).
 */
export async function notifyLatePayment(
  tx: Tx,
  booking: BookingView,
  { cancelledNow, now, manageLink }: { cancelledNow: boolean; now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, latePaymentMail(facts, bookingCalendar(facts, now, 'cancelled')));
  if (cancelledNow && (await emailNotificationsWanted(tx, booking.id)).vendor)
    for (const mail of unpaidCancelledMails(facts).slice(1)) await enqueueMail(tx, mail);
}

// ——— After the booking is made (decision 046) ———

/**
 * One booking message to the vendor by WhatsApp, with the template Meta needs outside the 24-hour
 * window, in the vendor's language.
 */
async function enqueueVendorNotice(
  tx: Tx,
  booking: BookingView,
  to: string,
  text: string,
  template: { key: TemplateKey; parameters: string[] },
) {
  await enqueueWhatsApp(tx, {
    type: 'booking_notice',
    to,
    appointmentId: booking.id,
    vendorProfileId: booking.vendorProfileId,
    text,
    template: { ...template, language: vendorLanguage(booking) },
  });
}

/**
 * cancel: the customer's receipt (with the refund owed, if any, and the calendar's cancellation), by
 * WhatsApp too with their consent, and the vendor's notice; when an administrator cancelled
 * (decision 049) both learn that Barrio did, when the vendor did (decision 094) the customer reads
 * the vendor's reason and the vendor gets a copy.
 */
export async function notifyCancelled(
  tx: Tx,
  booking: BookingView,
  {
    by,
    note,
    refundMxn,
    now,
    manageLink,
  }: { by: CancelledBy; note: string | null; refundMxn: number; now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  const when = formatWhen(facts.start, facts.timezone, facts.vendorLanguage);
  const wanted = await emailNotificationsWanted(tx, booking.id);
  // What was paid, against which the refund reads as all, part (decision 095) or none of it.
  const paidMxn = Math.max(refundMxn, booking.status === 'paid' ? booking.amountMxn : 0);
  // The customer's own cancellation, the vendor's (which the customer did not ask for and must not
  // miss), and any refund owed, are told whatever the switch says.
  if (by !== 'admin' || paidMxn > 0 || wanted.customer)
    await enqueueMail(
      tx,
      customerCancelledMail(facts, refundMxn, {
        by,
        note,
        paidMxn,
        calendar: bookingCalendar(facts, now, 'cancelled'),
      }),
    );
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(
      tx,
      booking.id,
      customerWhatsApp,
      cancelledCustomerWhatsApp(facts, { by, note, refundMxn, paidMxn }),
    );
  // The vendor's own cancellation is a receipt of what they did: sent whatever the switch says.
  if (facts.vendorEmail && (wanted.vendor || by === 'vendor'))
    await enqueueMail(tx, vendorCancelledMail(facts.vendorEmail, facts, { note, refundMxn, paidMxn, by }));
  if (facts.vendorPhone && by === 'vendor')
    await enqueueVendorNotice(tx, booking, facts.vendorPhone, vendorCancelledWhatsApp(facts, note, by), {
      key: 'booking_cancelled_by_you',
      parameters: [facts.code, facts.serviceName, when],
    });
  else if (facts.vendorPhone)
    await enqueueVendorNotice(tx, booking, facts.vendorPhone, vendorCancelledWhatsApp(facts, note, by), {
      key: by === 'admin' ? 'booking_cancelled_by_barrio' : 'booking_cancelled',
      parameters: [facts.code, facts.serviceName, when],
    });
}

/**
 * reschedule: both sides learn the old and the new time (`booking` already holds the new one); the
 * customer's mail carries the moved calendar event once the vendor has confirmed.
 */
export async function notifyRescheduled(
  tx: Tx,
  booking: BookingView,
  { previousStart, now, manageLink }: { previousStart: Date; now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  const state = booking.status === 'paid' ? 'paid' : booking.status === 'confirmed' ? 'confirmed' : null;
  await enqueueMail(
    tx,
    customerRescheduledMail(facts, previousStart, state ? bookingCalendar(facts, now, state) : null),
  );
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(
      tx,
      booking.id,
      customerWhatsApp,
      rescheduledCustomerWhatsApp(facts, previousStart),
    );
  if (facts.vendorEmail && (await emailNotificationsWanted(tx, booking.id)).vendor)
    await enqueueMail(tx, vendorRescheduledMail(facts.vendorEmail, facts, previousStart));
  if (facts.vendorPhone)
    await enqueueVendorNotice(
      tx,
      booking,
      facts.vendorPhone,
      vendorRescheduledWhatsApp(facts, previousStart),
      {
        key: 'booking_rescheduled',
        parameters: [
          facts.code,
          formatWhen(previousStart, facts.timezone, facts.vendorLanguage),
          formatWhen(facts.start, facts.timezone, facts.vendorLanguage),
        ],
      },
    );
}

/**
 * propose (decision 096): the customer learns the vendor's other time and that their booking keeps
 * its own until they answer, by mail whatever the switch says (it waits for their answer) and by
 * WhatsApp with their consent.
 */
export async function notifyTimeProposed(
  tx: Tx,
  booking: BookingView,
  { proposedStart, manageLink }: { proposedStart: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, customerProposalMail(facts, proposedStart));
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(
      tx,
      booking.id,
      customerWhatsApp,
      proposalCustomerWhatsApp(facts, proposedStart),
    );
}

/**
 * accept_proposal: the booking moved (`booking` holds the new time). The customer's receipt carries
 * the moved calendar event; the vendor learns their time was accepted.
 */
export async function notifyProposalAccepted(
  tx: Tx,
  booking: BookingView,
  { previousStart, now, manageLink }: { previousStart: Date; now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  const state = booking.status === 'paid' ? 'paid' : 'confirmed';
  await enqueueMail(
    tx,
    customerProposalAcceptedMail(facts, previousStart, bookingCalendar(facts, now, state)),
  );
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(tx, booking.id, customerWhatsApp, proposalAcceptedCustomerWhatsApp(facts));
  // The answer the vendor waits for: told whatever the switch says.
  if (facts.vendorEmail)
    await enqueueMail(tx, vendorProposalAcceptedMail(facts.vendorEmail, facts, previousStart));
  if (facts.vendorPhone)
    await enqueueVendorNotice(tx, booking, facts.vendorPhone, vendorProposalAcceptedWhatsApp(facts), {
      key: 'booking_proposal_accepted',
      parameters: [facts.code, formatWhen(facts.start, facts.timezone, facts.vendorLanguage)],
    });
}

/** reject_proposal: the vendor learns that the customer keeps their time. */
export async function notifyProposalRejected(
  tx: Tx,
  booking: BookingView,
  { proposedStart, manageLink }: { proposedStart: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  if (facts.vendorEmail)
    await enqueueMail(tx, vendorProposalRejectedMail(facts.vendorEmail, facts, proposedStart));
  if (facts.vendorPhone)
    await enqueueVendorNotice(
      tx,
      booking,
      facts.vendorPhone,
      vendorProposalRejectedWhatsApp(facts, proposedStart),
      {
        key: 'booking_proposal_rejected',
        parameters: [facts.code, formatWhen(facts.start, facts.timezone, facts.vendorLanguage)],
      },
    );
}

/** The reminder a day ahead: mail (the customer's with the .ics) and WhatsApp to each side. */
export async function notifyReminder(tx: Tx, booking: BookingView, now: Date, manageLink: ManageLink) {
  const facts = mailFactsOf(booking, manageLink);
  const wanted = await emailNotificationsWanted(tx, booking.id);
  if (wanted.customer)
    await enqueueMail(
      tx,
      customerReminderMail(
        facts,
        bookingCalendar(facts, now, booking.status === 'paid' ? 'paid' : 'confirmed'),
      ),
    );
  if (facts.vendorEmail && wanted.vendor) await enqueueMail(tx, vendorReminderMail(facts.vendorEmail, facts));
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(tx, booking.id, customerWhatsApp, reminderCustomerWhatsApp(facts));
  if (facts.vendorPhone)
    await enqueueVendorNotice(tx, booking, facts.vendorPhone, reminderWhatsApp(facts, 'vendor'), {
      key: 'booking_reminder',
      parameters: [
        facts.code,
        facts.customerName,
        formatWhen(facts.start, facts.timezone, facts.vendorLanguage),
      ],
    });
}

/**
 * The review request (decision 066): the customer, by mail (unless notifications are off) and by
 * WhatsApp with their consent, the review page its button.
 */
export async function notifyReviewRequested(tx: Tx, booking: BookingView, manageLink: ManageLink) {
  const facts = mailFactsOf(booking, manageLink);
  const reviewUrl = reviewUrlOf(facts.manageUrl);
  if ((await emailNotificationsWanted(tx, booking.id)).customer)
    await enqueueMail(tx, reviewRequestMail(facts, reviewUrl));
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(
      tx,
      booking.id,
      customerWhatsApp,
      reviewRequestCustomerWhatsApp(facts, reviewUrl),
    );
}

/** An admin hid a review: its author and the vendor are told why, by mail. */
export async function notifyReviewHidden(
  tx: Tx,
  booking: BookingView,
  reason: string,
  manageLink: ManageLink,
) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, reviewHiddenCustomerMail(facts, reason, reviewUrlOf(facts.manageUrl)));
  if (facts.vendorEmail) await enqueueMail(tx, reviewHiddenVendorMail(facts.vendorEmail, facts, reason));
}

/** The vendor's profile, where its similar vendors are listed: on the site the page link is on. */
export function similarVendorsUrl(manageUrl: string, vendorSlug: string): string {
  return `${manageUrl.replace(/\/booking\/.*$/, '')}/vendor/${encodeURIComponent(vendorSlug)}#similar`;
}

/**
 * expire: the customer learns the request lapsed, with where to find another vendor and the
 * cancellation of the tentative calendar event.
 */
export async function notifyRequestExpired(
  tx: Tx,
  booking: BookingView,
  { now, manageLink }: { now: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  const similar = similarVendorsUrl(facts.manageUrl, booking.vendorSlug);
  if ((await emailNotificationsWanted(tx, booking.id)).customer)
    await enqueueMail(tx, customerExpiredMail(facts, similar, bookingCalendar(facts, now, 'cancelled')));
  const customerWhatsApp = customerWhatsAppOf(booking);
  if (customerWhatsApp)
    await enqueueCustomerWhatsApp(tx, booking.id, customerWhatsApp, expiredCustomerWhatsApp(facts, similar));
}

/** A refund the provider accepted: the customer learns the money is on its way. */
export async function notifyRefunded(
  tx: Tx,
  booking: BookingView,
  refundedMxn: number,
  manageLink: ManageLink,
) {
  await enqueueMail(tx, refundIssuedMail(mailFactsOf(booking, manageLink), refundedMxn));
}
