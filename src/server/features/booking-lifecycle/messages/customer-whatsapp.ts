import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import type { Language } from '../../../../shared/language.ts';
import type { Interactive } from '../../../../shared/whatsapp.schemas.ts';
import type { TemplateButtonParameter } from '../../../integrations/whatsapp/whatsapp-transport.ts';
import { DIRECTIONS_URL, formatWhen, type TemplateKey } from '../../whatsapp/whatsapp-texts.ts';
import {
  type By as CancelledBy,
  customerCancelledWhatsApp,
  customerExpiredWhatsApp,
  reminderWhatsApp,
} from './change-mails.ts';
import type { BookingMailFacts, PaymentMailFacts } from './message-facts.ts';
import { longDate, paidWhatsApp, paymentLinkWhatsApp } from './payment-mails.ts';
import {
  customerProposalAcceptedWhatsAppText,
  customerProposalWhatsAppText,
  type DeclineExtras,
  declineExtraLines,
} from './proposal-mails.ts';
import { reviewRequestWhatsApp } from './review-mails.ts';

// The customer's WhatsApp messages about a booking (decisions 070, 072): in the booking's language,
// each carries its link as a URL button, never as a raw link — inside the 24-hour window one
// call-to-action button (Meta allows one per message), outside it the template in the same language
// with its URL buttons ("Ver reserva", "Pagar", and "Cómo llegar" to the vendor's address when the
// service is done there).

export interface CustomerWhatsApp {
  /** The outbox item's type: the payment messages keep theirs, the rest are notices. */
  type: 'payment_link' | 'payment_received' | 'booking_notice';
  text: string;
  interactive: Extract<Interactive, { kind: 'cta_url' }>;
  template: {
    key: TemplateKey;
    language: Language;
    parameters: string[];
    buttons: TemplateButtonParameter[];
  };
}

/** The call-to-action buttons' labels (≤ 20 characters), as the catalogue's templates name them too. */
export const ctaLabels: Record<
  Language,
  { view: string; pay: string; directions: string; similar: string; rate: string }
> = {
  'es-MX': {
    view: 'Ver reserva',
    pay: 'Pagar',
    directions: 'Cómo llegar',
    similar: 'Ver parecidos',
    rate: 'Calificar',
  },
  en: { view: 'View booking', pay: 'Pay', directions: 'Directions', similar: 'See similar', rate: 'Rate' },
};

const received: Record<Language, (f: BookingMailFacts, when: string) => string> = {
  'es-MX': (f, when) =>
    `Hola ${f.customerName}: recibimos tu solicitud ${f.code} con ${f.vendorName} (${f.serviceName}, ${when}). ${f.vendorName} suele responder en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas; te avisaremos aquí.`,
  en: (f, when) =>
    `Hi ${f.customerName}: we received your request ${f.code} with ${f.vendorName} (${f.serviceName}, ${when}). ${f.vendorName} usually answers within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours; we will let you know here.`,
};

const rescheduled: Record<Language, (f: BookingMailFacts, before: string, after: string) => string> = {
  'es-MX': (f, before, after) =>
    `Cambiaste tu reserva ${f.code} con ${f.vendorName} del ${before} al ${after}; ya avisamos a ${f.vendorName}.`,
  en: (f, before, after) =>
    `You moved your booking ${f.code} with ${f.vendorName} from ${before} to ${after}; we have told ${f.vendorName}.`,
};

const declined: Record<Language, (f: BookingMailFacts, when: string) => string> = {
  'es-MX': (f, when) =>
    `${f.vendorName} no puede atender tu reserva ${f.code} (${f.serviceName}, ${when}). No se hizo ningún cargo; elige otro horario u otro proveedor.`,
  en: (f, when) =>
    `${f.vendorName} cannot take your booking ${f.code} (${f.serviceName}, ${when}). Nothing was charged; please pick another time or another vendor.`,
};

const addressLabel: Record<Language, string> = { 'es-MX': 'Dirección', en: 'Address' };

/** A Google Maps search for the vendor's address, when the service is done at the vendor's place. */
export function directionsUrl(facts: BookingMailFacts): string | null {
  const place = facts.where.location === 'vendor' ? facts.where.placeAddress?.trim() : null;
  return place ? `${DIRECTIONS_URL}${encodeURIComponent(place)}` : null;
}

/** A page's path after APP_URL: the suffix of a template's URL button ("Ver reserva", "Pagar"…). */
function suffixOf(pageUrl: string): string {
  const url = new URL(pageUrl);
  return `${url.pathname.replace(/^\//, '')}${url.search}${url.hash}`;
}

const viewBooking = (facts: BookingMailFacts): CustomerWhatsApp['interactive'] => ({
  kind: 'cta_url',
  label: ctaLabels[facts.language].view,
  url: facts.manageUrl,
});

/** The buttons of a template whose first is the booking page and whose second, if any, the maps link. */
function pageButtons(facts: BookingMailFacts, withDirections: boolean): TemplateButtonParameter[] {
  const directions = directionsUrl(facts);
  return [
    { type: 'url', index: 0, suffix: suffixOf(facts.manageUrl) },
    ...(withDirections && directions
      ? [{ type: 'url' as const, index: 1, suffix: directions.slice(DIRECTIONS_URL.length) }]
      : []),
  ];
}

const when = (facts: BookingMailFacts) => formatWhen(facts.start, facts.timezone, facts.language);
const on = (at: Date, facts: BookingMailFacts) => longDate(at, facts.timezone, facts.language);

/**
 * A notice with the booking page as its button inside the window, and its template in the booking's
 * language outside it (with the booking page's URL button unless it names its own).
 */
function notice(
  facts: BookingMailFacts,
  text: string,
  template: { key: TemplateKey; parameters: string[]; buttons?: TemplateButtonParameter[] },
  interactive: CustomerWhatsApp['interactive'] = viewBooking(facts),
): CustomerWhatsApp {
  return {
    type: 'booking_notice',
    text,
    interactive,
    template: { buttons: pageButtons(facts, false), ...template, language: facts.language },
  };
}

/** request: the customer's request was sent; the vendor answers. */
export function requestReceivedWhatsApp(facts: BookingMailFacts): CustomerWhatsApp {
  return notice(facts, received[facts.language](facts, on(facts.start, facts)), {
    key: 'customer_request_received',
    parameters: [facts.code, facts.vendorName, when(facts)],
  });
}

/** confirm: the payment link, "Pagar" straight to the checkout inside the window. */
export function paymentLinkCustomerWhatsApp(
  facts: PaymentMailFacts,
  url: string,
  dueAt: Date,
): CustomerWhatsApp {
  return {
    ...notice(
      facts,
      paymentLinkWhatsApp(facts, dueAt),
      {
        key: 'payment_link',
        parameters: [facts.code, facts.vendorName, formatWhen(dueAt, facts.timezone, facts.language)],
      },
      { kind: 'cta_url', label: ctaLabels[facts.language].pay, url },
    ),
    type: 'payment_link',
  };
}

/** pay: the payment was received; at the vendor's place, with the way there outside the window. */
export function paidCustomerWhatsApp(facts: PaymentMailFacts): CustomerWhatsApp {
  const atPlace = directionsUrl(facts) !== null;
  return {
    ...notice(facts, paidWhatsApp(facts, 'customer'), {
      key: atPlace ? 'customer_paid_at_place' : 'customer_paid',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, atPlace),
    }),
    type: 'payment_received',
  };
}

/** The reminder a day ahead: at the vendor's place, "Cómo llegar" is the button inside the window. */
export function reminderCustomerWhatsApp(facts: PaymentMailFacts): CustomerWhatsApp {
  const directions = directionsUrl(facts);
  return notice(
    facts,
    `${reminderWhatsApp(facts, 'customer')}${directions ? `\n${addressLabel[facts.language]}: ${facts.where.placeAddress}` : ''}`,
    {
      key: directions ? 'customer_reminder_at_place' : 'customer_reminder',
      parameters: [facts.code, facts.vendorName, when(facts)],
      buttons: pageButtons(facts, directions !== null),
    },
    directions
      ? { kind: 'cta_url', label: ctaLabels[facts.language].directions, url: directions }
      : undefined,
  );
}

/** reschedule: the customer moved the booking; its new time. */
export function rescheduledCustomerWhatsApp(facts: PaymentMailFacts, previousStart: Date): CustomerWhatsApp {
  return notice(facts, rescheduled[facts.language](facts, on(previousStart, facts), on(facts.start, facts)), {
    key: 'customer_rescheduled',
    parameters: [facts.code, facts.vendorName, when(facts)],
  });
}

/** cancel: by an administrator (decision 049), the vendor (decision 094), or the customer's own (decision 072). */
export function cancelledCustomerWhatsApp(
  facts: PaymentMailFacts,
  cancellation: { by: CancelledBy; note: string | null; refundMxn: number; paidMxn?: number },
): CustomerWhatsApp {
  const text = customerCancelledWhatsApp(facts, cancellation);
  if (cancellation.by === 'vendor')
    return notice(facts, text, {
      key: 'customer_cancelled_by_vendor',
      parameters: [facts.code, facts.vendorName, when(facts)],
    });
  return notice(facts, text, {
    key: cancellation.by === 'admin' ? 'customer_cancelled_by_barrio' : 'customer_cancelled',
    parameters: [facts.code, facts.vendorName, when(facts)],
  });
}

/**
 * decline: the vendor cannot take it; nothing was charged. With the vendor's reason and the time they
 * offered instead (decision 096), which the booking page's button leads to book.
 */
export function declinedCustomerWhatsApp(
  facts: PaymentMailFacts,
  extras: DeclineExtras = { note: null, offered: null },
): CustomerWhatsApp {
  const text = [
    declined[facts.language](facts, on(facts.start, facts)),
    ...declineExtraLines(facts, extras, { withLink: false }),
  ].join('\n');
  return notice(
    facts,
    text,
    extras.offered
      ? {
          key: 'customer_declined_with_offer',
          parameters: [
            facts.code,
            facts.vendorName,
            formatWhen(extras.offered.start, facts.timezone, facts.language),
          ],
        }
      : { key: 'customer_declined', parameters: [facts.code, facts.vendorName, when(facts)] },
  );
}

/** propose (decision 096): the vendor's other time, answered on the booking page. */
export function proposalCustomerWhatsApp(facts: PaymentMailFacts, proposed: Date): CustomerWhatsApp {
  return notice(facts, customerProposalWhatsAppText(facts, proposed), {
    key: 'customer_time_proposed',
    parameters: [facts.code, facts.vendorName, formatWhen(proposed, facts.timezone, facts.language)],
  });
}

/** accept_proposal: the customer's receipt; `facts` holds the new time. */
export function proposalAcceptedCustomerWhatsApp(facts: PaymentMailFacts): CustomerWhatsApp {
  return notice(facts, customerProposalAcceptedWhatsAppText(facts), {
    key: 'customer_rescheduled',
    parameters: [facts.code, facts.vendorName, when(facts)],
  });
}

/** expire: the request lapsed unanswered; the button leads to similar vendors. */
export function expiredCustomerWhatsApp(facts: PaymentMailFacts, similarUrl: string): CustomerWhatsApp {
  return notice(
    facts,
    customerExpiredWhatsApp(facts),
    {
      key: 'booking_expired',
      parameters: [facts.code, facts.vendorName],
      buttons: [{ type: 'url', index: 0, suffix: suffixOf(similarUrl) }],
    },
    { kind: 'cta_url', label: ctaLabels[facts.language].similar, url: similarUrl },
  );
}

/** The review request (decision 066): the button opens the review page. */
export function reviewRequestCustomerWhatsApp(facts: PaymentMailFacts, reviewUrl: string): CustomerWhatsApp {
  return notice(
    facts,
    reviewRequestWhatsApp(facts),
    {
      key: 'review_request',
      parameters: [facts.code, facts.vendorName],
      buttons: [{ type: 'url', index: 0, suffix: suffixOf(reviewUrl) }],
    },
    { kind: 'cta_url', label: ctaLabels[facts.language].rate, url: reviewUrl },
  );
}
