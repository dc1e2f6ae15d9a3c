import type { Language } from '../../../../shared/language.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import { customerMail, vendorHello } from './payment-mails.ts';

// The texts of a booking's review (decision 066): the request after it took place, and the notices
// when an admin hides one; the customer's in the booking's language, the vendor's in the vendor's
// (decision 072).

interface ReviewWords {
  requestSubject: (vendor: string) => string;
  requestSaid: (vendor: string) => string;
  requestAfter: string;
  requestWhatsApp: (f: PaymentMailFacts) => string;
  hiddenSubject: (vendor: string) => string;
  hiddenSaid: (vendor: string) => string;
  reason: string;
  seeIt: (url: string) => string;
  hiddenVendorSubject: (code: string) => string;
  hiddenVendorSaid: (f: PaymentMailFacts) => string;
}

const review: Record<Language, ReviewWords> = {
  'es-MX': {
    requestSubject: (vendor) => `¿Cómo te fue con ${vendor}?`,
    requestSaid: (vendor) =>
      `Esperamos que tu servicio con ${vendor} haya salido bien. Califícalo de 1 a 5 estrellas y, si quieres, cuéntanos cómo te fue:`,
    requestAfter:
      'Tu reseña se publica con tu nombre y la inicial de tu apellido, y ayuda a otros clientes a elegir. Puedes dejarla durante 30 días.',
    requestWhatsApp: (f) =>
      `¿Cómo te fue con ${f.vendorName} (reserva ${f.code})? Toca Calificar para dejar tu reseña; ayuda a otros clientes a elegir.`,
    hiddenSubject: (vendor) => `Ocultamos tu reseña de ${vendor}`,
    hiddenSaid: (vendor) =>
      `Revisamos tu reseña de ${vendor} y la ocultamos: ya no se muestra ni cuenta en su calificación.`,
    reason: 'Motivo',
    seeIt: (url) => `Puedes verla aquí: ${url}`,
    hiddenVendorSubject: (code) => `Ocultamos una reseña de tu perfil (reserva ${code})`,
    hiddenVendorSaid: (f) =>
      `Revisamos la reseña de ${f.customerName} sobre la reserva ${f.code} y la ocultamos: ya no se muestra en tu perfil ni cuenta en tu calificación.`,
  },
  en: {
    requestSubject: (vendor) => `How was ${vendor}?`,
    requestSaid: (vendor) =>
      `We hope your service with ${vendor} went well. Rate it from 1 to 5 stars and, if you like, tell us how it went:`,
    requestAfter:
      'Your review is published with your first name and the initial of your last name, and helps other customers choose. You can leave it for 30 days.',
    requestWhatsApp: (f) =>
      `How was ${f.vendorName} (booking ${f.code})? Tap Rate to leave your review; it helps other customers choose.`,
    hiddenSubject: (vendor) => `We hid your review of ${vendor}`,
    hiddenSaid: (vendor) =>
      `We checked your review of ${vendor} and hid it: it is no longer shown and no longer counts in their rating.`,
    reason: 'Reason',
    seeIt: (url) => `You can see it here: ${url}`,
    hiddenVendorSubject: (code) => `We hid a review on your profile (booking ${code})`,
    hiddenVendorSaid: (f) =>
      `We checked ${f.customerName}'s review of booking ${f.code} and hid it: it is no longer shown on your profile and no longer counts in your rating.`,
  },
};

export function reviewRequestMail(facts: PaymentMailFacts, reviewUrl: string): MailOutboxPayload {
  const w = review[facts.language];
  return customerMail(
    facts,
    w.requestSubject(facts.vendorName),
    [w.requestSaid(facts.vendorName), '', reviewUrl, '', w.requestAfter],
    [],
  );
}

/** The review request by WhatsApp: the review page is its button (customer-whatsapp.ts). */
export function reviewRequestWhatsApp(facts: PaymentMailFacts): string {
  return review[facts.language].requestWhatsApp(facts);
}

/** An admin hid a review: its author learns why, and that it no longer counts. */
export function reviewHiddenCustomerMail(
  facts: PaymentMailFacts,
  reason: string,
  reviewUrl: string,
): MailOutboxPayload {
  const w = review[facts.language];
  return customerMail(
    facts,
    w.hiddenSubject(facts.vendorName),
    [w.hiddenSaid(facts.vendorName), `${w.reason}: ${reason}`, '', w.seeIt(reviewUrl)],
    [],
  );
}

export function reviewHiddenVendorMail(
  to: string,
  facts: PaymentMailFacts,
  reason: string,
): MailOutboxPayload {
  const w = review[facts.vendorLanguage];
  return {
    to,
    subject: w.hiddenVendorSubject(facts.code),
    text: [
      vendorHello(facts.vendorLanguage),
      '',
      w.hiddenVendorSaid(facts),
      `${w.reason}: ${reason}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
