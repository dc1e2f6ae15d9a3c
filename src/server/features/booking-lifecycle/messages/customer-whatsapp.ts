import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import type { Interactive } from '../../../../shared/whatsapp.schemas.ts';
import type { TemplateButtonParameter } from '../../../integrations/whatsapp/whatsapp-transport.ts';
import { DIRECTIONS_URL, formatWhen, type TemplateKey } from '../../whatsapp/whatsapp-texts.ts';
import { customerCancelledByBarrioWhatsApp, reminderWhatsApp } from './change-mails.ts';
import type { BookingMailFacts, PaymentMailFacts } from './message-facts.ts';
import { fechaEs, paidWhatsApp, paymentLinkWhatsApp } from './payment-mails.ts';

// The customer's WhatsApp messages about a booking (decision 070): each carries its link as a URL
// button, never as a raw link — inside the 24-hour window one call-to-action button (Meta allows one
// per message), outside it the template with its URL buttons ("Ver reserva", "Pagar", and "Cómo
// llegar" to the vendor's address when the service is done there).

export interface CustomerWhatsApp {
  /** The outbox item's type: the payment messages keep theirs, the rest are notices. */
  type: 'payment_link' | 'payment_received' | 'booking_notice';
  text: string;
  interactive: Extract<Interactive, { kind: 'cta_url' }>;
  template: { key: TemplateKey; parameters: string[]; buttons: TemplateButtonParameter[] };
}

/** A Google Maps search for the vendor's address, when the service is done at the vendor's place. */
export function directionsUrl(facts: BookingMailFacts): string | null {
  const place = facts.where.location === 'vendor' ? facts.where.placeAddress?.trim() : null;
  return place ? `${DIRECTIONS_URL}${encodeURIComponent(place)}` : null;
}

/** The booking page's path after APP_URL: the suffix of a template's "Ver reserva" or "Pagar". */
function pageSuffix(facts: BookingMailFacts): string {
  const url = new URL(facts.manageUrl);
  return `${url.pathname.replace(/^\//, '')}${url.search}`;
}

const viewBooking = (facts: BookingMailFacts): CustomerWhatsApp['interactive'] => ({
  kind: 'cta_url',
  label: 'Ver reserva',
  url: facts.manageUrl,
});

/** The buttons of a template whose first is the booking page and whose second, if any, the maps link. */
function pageButtons(facts: BookingMailFacts, withDirections: boolean): TemplateButtonParameter[] {
  const directions = directionsUrl(facts);
  return [
    { type: 'url', index: 0, suffix: pageSuffix(facts) },
    ...(withDirections && directions
      ? [{ type: 'url' as const, index: 1, suffix: directions.slice(DIRECTIONS_URL.length) }]
      : []),
  ];
}

const when = (facts: BookingMailFacts) => formatWhen(facts.start, facts.timezone);

/** request: the customer's request was sent; the vendor answers. */
export function requestReceivedWhatsApp(facts: BookingMailFacts): CustomerWhatsApp {
  return {
    type: 'booking_notice',
    text: `Hola ${facts.customerName}: recibimos tu solicitud ${facts.code} con ${facts.vendorName} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}). ${facts.vendorName} suele responder en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas; te avisaremos aquí.`,
    interactive: viewBooking(facts),
    template: {
      key: 'customer_request_received',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, false),
    },
  };
}

/** confirm: the payment link, "Pagar" straight to the checkout inside the window. */
export function paymentLinkCustomerWhatsApp(
  facts: PaymentMailFacts,
  url: string,
  dueAt: Date,
): CustomerWhatsApp {
  return {
    type: 'payment_link',
    text: paymentLinkWhatsApp(facts, dueAt),
    interactive: { kind: 'cta_url', label: 'Pagar', url },
    template: {
      key: 'payment_link',
      parameters: [facts.code, facts.vendorName, formatWhen(dueAt, facts.timezone)],
      buttons: pageButtons(facts, false),
    },
  };
}

/** pay: the payment was received; at the vendor's place, with the way there outside the window. */
export function paidCustomerWhatsApp(facts: PaymentMailFacts): CustomerWhatsApp {
  const atPlace = directionsUrl(facts) !== null;
  return {
    type: 'payment_received',
    text: paidWhatsApp(facts, 'customer'),
    interactive: viewBooking(facts),
    template: {
      key: atPlace ? 'customer_paid_at_place' : 'customer_paid',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, atPlace),
    },
  };
}

/** The reminder a day ahead: at the vendor's place, "Cómo llegar" is the button inside the window. */
export function reminderCustomerWhatsApp(facts: PaymentMailFacts): CustomerWhatsApp {
  const directions = directionsUrl(facts);
  return {
    type: 'booking_notice',
    text: `${reminderWhatsApp(facts, 'customer')}${directions ? `\nDirección: ${facts.where.placeAddress}` : ''}`,
    interactive: directions ? { kind: 'cta_url', label: 'Cómo llegar', url: directions } : viewBooking(facts),
    template: {
      key: directions ? 'customer_reminder_at_place' : 'customer_reminder',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, directions !== null),
    },
  };
}

/** reschedule: the customer moved the booking; its new time. */
export function rescheduledCustomerWhatsApp(facts: PaymentMailFacts, previousStart: Date): CustomerWhatsApp {
  return {
    type: 'booking_notice',
    text: `Cambiaste tu reserva ${facts.code} con ${facts.vendorName} del ${fechaEs(previousStart, facts.timezone)} al ${fechaEs(facts.start, facts.timezone)}; ya avisamos a ${facts.vendorName}.`,
    interactive: viewBooking(facts),
    template: {
      key: 'customer_rescheduled',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, false),
    },
  };
}

/** An administrator cancelled (decision 049). */
export function cancelledByBarrioCustomerWhatsApp(
  facts: PaymentMailFacts,
  cancellation: { note: string | null; refundMxn: number },
): CustomerWhatsApp {
  return {
    type: 'booking_notice',
    text: customerCancelledByBarrioWhatsApp(facts, cancellation),
    interactive: viewBooking(facts),
    template: {
      key: 'customer_cancelled_by_barrio',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, false),
    },
  };
}
