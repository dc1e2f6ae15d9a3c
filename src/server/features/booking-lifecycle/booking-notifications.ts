import type { Tx } from '../../db/client.ts';
import {
  type BookingMailFacts,
  customerDeclinedMail,
  customerReceiptMail,
  vendorRequestMail,
  vendorRequestWhatsApp,
} from '../bookings/booking-mails.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import {
  bookingCalendar,
  latePaymentMail,
  type PaymentMailFacts,
  paidCustomerMail,
  paidVendorMail,
  paidWhatsApp,
  paymentLinkMail,
  paymentLinkWhatsApp,
  unpaidCancelledMails,
} from '../payments/payment-mails.ts';
import { enqueueWhatsApp } from '../whatsapp/whatsapp-outbound.service.ts';
import type { BookingView } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';

// What each event of the lifecycle sends (ARCHITECTURE §4, §8, §9; decisions 014, 017): the operations
// call one function per event, inside the transaction of their change, and this module queues the
// mails and WhatsApp messages in the outbox (delivered after the commit). The texts are in
// bookings/booking-mails.ts and payments/payment-mails.ts; WhatsApp items are delivered by the
// outbox's 'whatsapp' handler (features/whatsapp/whatsapp-outbox.ts, decisions 013 and 018), through
// the cloud or the log transport.

/** The facts every text is written from, with the customer's booking page (`manageLink`). */
export function mailFactsOf(row: BookingView, manageLink: ManageLink): PaymentMailFacts {
  return {
    appointmentId: row.id,
    code: row.code,
    vendorName: row.vendorName,
    vendorEmail: row.vendorEmail,
    vendorPhone: row.vendorPhone,
    serviceName: row.serviceName ?? '—',
    start: row.startTz,
    end: row.endTz,
    timezone: row.timezone,
    amountMxn: row.amountMxn,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
    manageUrl: manageLink(row),
  };
}

/** request: the vendor's notification (mail, WhatsApp) with the confirm links, and the customer's receipt. */
export async function notifyBookingRequested(
  tx: Tx,
  {
    appointmentId,
    vendor,
    facts,
    links,
  }: {
    appointmentId: string;
    vendor: { id: string; businessEmail: string | null; businessPhone: string | null };
    facts: BookingMailFacts;
    links: { confirm: string; decline: string };
  },
) {
  if (vendor.businessEmail) await enqueueMail(tx, vendorRequestMail(vendor.businessEmail, facts, links));
  if (vendor.businessPhone) {
    await enqueueWhatsApp(tx, {
      type: 'booking_request',
      to: vendor.businessPhone,
      appointmentId,
      vendorProfileId: vendor.id,
      text: vendorRequestWhatsApp(facts, links),
    });
  }
  await enqueueMail(tx, customerReceiptMail(facts));
}

/** decline: the customer learns that nothing was charged. */
export async function notifyBookingDeclined(tx: Tx, booking: BookingView, manageLink: ManageLink) {
  await enqueueMail(tx, customerDeclinedMail(mailFactsOf(booking, manageLink)));
}

/** confirm, once the checkout is stored: the payment link to the customer (mail, and WhatsApp with a phone). */
export async function notifyPaymentLink(
  tx: Tx,
  booking: BookingView,
  { url, dueAt, manageLink }: { url: string; dueAt: Date; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, paymentLinkMail(facts, url, dueAt));
  if (facts.customerPhone) {
    await enqueueWhatsApp(tx, {
      type: 'payment_link',
      to: facts.customerPhone,
      appointmentId: booking.id,
      text: paymentLinkWhatsApp(facts, url, dueAt),
    });
  }
}

/** pay: both parties, by mail (the customer's with the calendar invite) and by WhatsApp. */
export async function notifyBookingPaid(tx: Tx, booking: BookingView, now: Date, manageLink: ManageLink) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, paidCustomerMail(facts, bookingCalendar(facts, now)));
  if (facts.vendorEmail) await enqueueMail(tx, paidVendorMail(facts.vendorEmail, facts));
  if (facts.customerPhone) await enqueuePaidWhatsApp(tx, facts, facts.customerPhone, 'customer');
  if (facts.vendorPhone)
    await enqueuePaidWhatsApp(tx, facts, facts.vendorPhone, 'vendor', booking.vendorProfileId);
}

async function enqueuePaidWhatsApp(
  tx: Tx,
  facts: PaymentMailFacts,
  to: string,
  audience: 'customer' | 'vendor',
  vendorProfileId?: string,
) {
  await enqueueWhatsApp(tx, {
    type: 'payment_received',
    to,
    appointmentId: facts.appointmentId,
    ...(vendorProfileId ? { vendorProfileId } : {}),
    text: paidWhatsApp(facts, audience),
  });
}

/** cancel_unpaid (payment_timeout): both parties learn that the booking was cancelled. */
export async function notifyUnpaidCancelled(tx: Tx, booking: BookingView, manageLink: ManageLink) {
  for (const mail of unpaidCancelledMails(mailFactsOf(booking, manageLink))) await enqueueMail(tx, mail);
}

/**
 * late_payment: the customer learns the payment will be refunded; when this payment's arrival is what
 * cancels the booking (`cancelledNow`), the vendor also gets the cancellation (the customer's
 * cancellation mail would repeat the refund mail).
 */
export async function notifyLatePayment(
  tx: Tx,
  booking: BookingView,
  { cancelledNow, manageLink }: { cancelledNow: boolean; manageLink: ManageLink },
) {
  const facts = mailFactsOf(booking, manageLink);
  await enqueueMail(tx, latePaymentMail(facts));
  if (cancelledNow) for (const mail of unpaidCancelledMails(facts).slice(1)) await enqueueMail(tx, mail);
}
