import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import { customerMail } from './payment-mails.ts';

// The texts of a booking's review (decision 066): the request after it took place, and the notices
// when an admin hides one. Spanish, like every booking message (product §1).

export function reviewRequestMail(facts: PaymentMailFacts, reviewUrl: string): MailOutboxPayload {
  return customerMail(
    facts,
    `¿Cómo te fue con ${facts.vendorName}?`,
    [
      `Esperamos que tu servicio con ${facts.vendorName} haya salido bien. Califícalo de 1 a 5 estrellas y, si quieres, cuéntanos cómo te fue:`,
      '',
      reviewUrl,
      '',
      'Tu reseña se publica con tu nombre y la inicial de tu apellido, y ayuda a otros clientes a elegir. Puedes dejarla durante 30 días.',
    ],
    [],
  );
}

export function reviewRequestWhatsApp(facts: PaymentMailFacts, reviewUrl: string): string {
  return `¿Cómo te fue con ${facts.vendorName} (reserva ${facts.code})? Califica el servicio aquí: ${reviewUrl}`;
}

/** An admin hid a review: its author learns why, and that it no longer counts. */
export function reviewHiddenCustomerMail(
  facts: PaymentMailFacts,
  reason: string,
  reviewUrl: string,
): MailOutboxPayload {
  return customerMail(
    facts,
    `Ocultamos tu reseña de ${facts.vendorName}`,
    [
      `Revisamos tu reseña de ${facts.vendorName} y la ocultamos: ya no se muestra ni cuenta en su calificación.`,
      `Motivo: ${reason}`,
      '',
      `Puedes verla aquí: ${reviewUrl}`,
    ],
    [],
  );
}

export function reviewHiddenVendorMail(
  to: string,
  facts: PaymentMailFacts,
  reason: string,
): MailOutboxPayload {
  return {
    to,
    subject: `Ocultamos una reseña de tu perfil (reserva ${facts.code})`,
    text: [
      'Hola:',
      '',
      `Revisamos la reseña de ${facts.customerName} sobre la reserva ${facts.code} y la ocultamos: ya no se muestra en tu perfil ni cuenta en tu calificación.`,
      `Motivo: ${reason}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
