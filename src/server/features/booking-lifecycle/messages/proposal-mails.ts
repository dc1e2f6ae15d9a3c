import { endSentence } from '../../../../shared/date-format.ts';
import type { Language } from '../../../../shared/language.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import { calendarAttachment, customerMail, longDate, vendorMail } from './payment-mails.ts';

// The texts of the vendor's proposal of another time and of a decline with its reason (decision
// 096): the customer's in the booking's language, the vendor's in the vendor's (decision 072), the
// times in the vendor's timezone. The customer's carry the booking page, where they answer.

interface ProposalWords {
  proposedSubject: (code: string) => string;
  proposedSaid: (f: PaymentMailFacts, current: string, proposed: string) => string[];
  proposedWhatsApp: (f: PaymentMailFacts, current: string, proposed: string) => string;
  acceptedSubject: (code: string) => string;
  acceptedSaid: (f: PaymentMailFacts, before: string, after: string) => string;
  acceptedCalendar: string;
  acceptedWhatsApp: (f: PaymentMailFacts, after: string) => string;
  vendorAcceptedSubject: (code: string) => string;
  vendorAcceptedSaid: (f: PaymentMailFacts, before: string, after: string) => string[];
  vendorAcceptedWhatsApp: (f: PaymentMailFacts, after: string) => string;
  vendorRejectedSubject: (code: string) => string;
  vendorRejectedSaid: (f: PaymentMailFacts, proposed: string, kept: string) => string[];
  vendorRejectedWhatsApp: (f: PaymentMailFacts, proposed: string, kept: string) => string;
  reason: string;
  offered: (vendor: string, offered: string) => string;
  offeredBook: string;
}

const words: Record<Language, ProposalWords> = {
  'es-MX': {
    proposedSubject: (code) => `Reserva ${code}: el proveedor propone otro horario`,
    proposedSaid: (f, current, proposed) => [
      `${f.vendorName} te propone cambiar tu reserva ${f.code} al ${endSentence(proposed)}`,
      `Mientras no respondas, tu reserva sigue el ${endSentence(current)}`,
      'Acepta el nuevo horario o conserva el tuyo desde la página de tu reserva.',
    ],
    proposedWhatsApp: (f, current, proposed) =>
      `${f.vendorName} te propone cambiar tu reserva ${f.code} (${f.serviceName}) al ${endSentence(proposed)} Mientras no respondas, sigue el ${endSentence(current)} Toca Ver reserva para aceptar o conservar tu horario.`,
    acceptedSubject: (code) => `Reserva ${code}: aceptaste el nuevo horario`,
    acceptedSaid: (f, before, after) =>
      `Aceptaste el horario que propuso ${f.vendorName}: tu reserva pasó del ${before} al ${endSentence(after)} Ya le avisamos.`,
    acceptedCalendar: 'Adjuntamos la invitación de calendario con la nueva fecha (.ics).',
    acceptedWhatsApp: (f, after) =>
      `Aceptaste el nuevo horario de tu reserva ${f.code} con ${f.vendorName}: ${endSentence(after)}`,
    vendorAcceptedSubject: (code) => `Reserva ${code}: el cliente aceptó tu horario`,
    vendorAcceptedSaid: (f, before, after) => [
      `${f.customerName} aceptó el horario que propusiste para la reserva ${f.code}:`,
      `Antes: ${before}`,
      `Ahora: ${after}`,
      '',
      'El horario anterior vuelve a estar libre.',
    ],
    vendorAcceptedWhatsApp: (f, after) =>
      `${f.customerName} aceptó tu propuesta: la reserva ${f.code} (${f.serviceName}) ahora es el ${endSentence(after)} El horario anterior vuelve a estar libre.`,
    vendorRejectedSubject: (code) => `Reserva ${code}: el cliente conserva su horario`,
    vendorRejectedSaid: (f, proposed, kept) => [
      `${f.customerName} prefirió no cambiar la reserva ${f.code} al ${endSentence(proposed)}`,
      `La reserva sigue el ${endSentence(kept)}`,
    ],
    vendorRejectedWhatsApp: (f, proposed, kept) =>
      `${f.customerName} prefirió no cambiar la reserva ${f.code} al ${proposed}; sigue el ${endSentence(kept)}`,
    reason: 'Motivo',
    offered: (vendor, offered) => `${vendor} te ofrece otro horario: ${endSentence(offered)}`,
    offeredBook: 'Reserva ese horario aquí',
  },
  en: {
    proposedSubject: (code) => `Booking ${code}: the vendor proposes another time`,
    proposedSaid: (f, current, proposed) => [
      `${f.vendorName} proposes moving your booking ${f.code} to ${endSentence(proposed)}`,
      `Until you answer, your booking stays on ${endSentence(current)}`,
      'Accept the new time or keep yours on your booking page.',
    ],
    proposedWhatsApp: (f, current, proposed) =>
      `${f.vendorName} proposes moving your booking ${f.code} (${f.serviceName}) to ${endSentence(proposed)} Until you answer, it stays on ${endSentence(current)} Tap View booking to accept or keep your time.`,
    acceptedSubject: (code) => `Booking ${code}: you accepted the new time`,
    acceptedSaid: (f, before, after) =>
      `You accepted the time ${f.vendorName} proposed: your booking moved from ${before} to ${endSentence(after)} We have told them.`,
    acceptedCalendar: 'The calendar invitation with the new time (.ics) is attached.',
    acceptedWhatsApp: (f, after) =>
      `You accepted the new time of your booking ${f.code} with ${f.vendorName}: ${endSentence(after)}`,
    vendorAcceptedSubject: (code) => `Booking ${code}: the customer accepted your time`,
    vendorAcceptedSaid: (f, before, after) => [
      `${f.customerName} accepted the time you proposed for booking ${f.code}:`,
      `Before: ${before}`,
      `Now: ${after}`,
      '',
      'The previous slot is free again.',
    ],
    vendorAcceptedWhatsApp: (f, after) =>
      `${f.customerName} accepted your proposal: booking ${f.code} (${f.serviceName}) is now on ${endSentence(after)} The previous slot is free again.`,
    vendorRejectedSubject: (code) => `Booking ${code}: the customer keeps their time`,
    vendorRejectedSaid: (f, proposed, kept) => [
      `${f.customerName} chose not to move booking ${f.code} to ${endSentence(proposed)}`,
      `The booking stays on ${endSentence(kept)}`,
    ],
    vendorRejectedWhatsApp: (f, proposed, kept) =>
      `${f.customerName} chose not to move booking ${f.code} to ${proposed}; it stays on ${endSentence(kept)}`,
    reason: 'Reason',
    offered: (vendor, offered) => `${vendor} offers you another time: ${endSentence(offered)}`,
    offeredBook: 'Book that time here',
  },
};

const on = (at: Date, facts: PaymentMailFacts, language: Language) => longDate(at, facts.timezone, language);

/** The vendor proposed `proposed`: the customer answers on the booking page. */
export function customerProposalMail(facts: PaymentMailFacts, proposed: Date): MailOutboxPayload {
  const language = facts.language;
  const w = words[language];
  return customerMail(
    facts,
    w.proposedSubject(facts.code),
    w.proposedSaid(facts, on(facts.start, facts, language), on(proposed, facts, language)),
    [],
  );
}

export function customerProposalWhatsAppText(facts: PaymentMailFacts, proposed: Date): string {
  const language = facts.language;
  return words[language].proposedWhatsApp(
    facts,
    on(facts.start, facts, language),
    on(proposed, facts, language),
  );
}

/** The customer accepted: `facts` holds the new time; the calendar event moves with it. */
export function customerProposalAcceptedMail(
  facts: PaymentMailFacts,
  previousStart: Date,
  calendar: string | null,
): MailOutboxPayload {
  const language = facts.language;
  const w = words[language];
  return {
    ...customerMail(
      facts,
      w.acceptedSubject(facts.code),
      [w.acceptedSaid(facts, on(previousStart, facts, language), on(facts.start, facts, language))],
      calendar ? [w.acceptedCalendar] : [],
    ),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}

export function customerProposalAcceptedWhatsAppText(facts: PaymentMailFacts): string {
  return words[facts.language].acceptedWhatsApp(facts, on(facts.start, facts, facts.language));
}

export function vendorProposalAcceptedMail(
  to: string,
  facts: PaymentMailFacts,
  previousStart: Date,
): MailOutboxPayload {
  const language = facts.vendorLanguage;
  const w = words[language];
  return vendorMail(
    to,
    facts,
    w.vendorAcceptedSubject(facts.code),
    w.vendorAcceptedSaid(facts, on(previousStart, facts, language), on(facts.start, facts, language)),
  );
}

export function vendorProposalAcceptedWhatsApp(facts: PaymentMailFacts): string {
  return words[facts.vendorLanguage].vendorAcceptedWhatsApp(
    facts,
    on(facts.start, facts, facts.vendorLanguage),
  );
}

export function vendorProposalRejectedMail(
  to: string,
  facts: PaymentMailFacts,
  proposed: Date,
): MailOutboxPayload {
  const language = facts.vendorLanguage;
  const w = words[language];
  return vendorMail(
    to,
    facts,
    w.vendorRejectedSubject(facts.code),
    w.vendorRejectedSaid(facts, on(proposed, facts, language), on(facts.start, facts, language)),
  );
}

export function vendorProposalRejectedWhatsApp(facts: PaymentMailFacts, proposed: Date): string {
  const language = facts.vendorLanguage;
  return words[language].vendorRejectedWhatsApp(
    facts,
    on(proposed, facts, language),
    on(facts.start, facts, language),
  );
}

/** What a decline adds for the customer (decision 096): the vendor's reason, and the time offered. */
export interface DeclineExtras {
  note: string | null;
  offered: { start: Date; url: string } | null;
}

/** The decline's extra lines, in the booking's language: for the mail (with the link) or WhatsApp. */
export function declineExtraLines(
  facts: PaymentMailFacts,
  { note, offered }: DeclineExtras,
  { withLink }: { withLink: boolean },
): string[] {
  const w = words[facts.language];
  return [
    ...(note ? [`${w.reason}: ${note}`] : []),
    ...(offered ? [w.offered(facts.vendorName, on(offered.start, facts, facts.language))] : []),
    ...(offered && withLink ? [`${w.offeredBook}: ${offered.url}`] : []),
  ];
}
