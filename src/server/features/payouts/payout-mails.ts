import { dateTimeFormat } from '../../../shared/date-format.ts';
import { formatMxn } from '../../../shared/money.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';

// What a payout sends (decision 064): the vendor is told of money sent, in Spanish as the vendor
// messages are (product §1), whatever its notification settings say — a mail about money always goes.

export interface PayoutMailFacts {
  to: string;
  vendorName: string;
  amountMxn: number;
  reference: string;
  paidAt: Date;
  timezone: string;
  clabeLast4: string;
  bank: string | null;
  earningsUrl: string;
}

export function payoutSentMail(facts: PayoutMailFacts): MailOutboxPayload {
  const when = dateTimeFormat('es-MX', { timeZone: facts.timezone, dateStyle: 'long' }).format(facts.paidAt);
  const account = `${facts.bank ? `${facts.bank} ` : ''}CLABE terminación ${facts.clabeLast4}`;
  return {
    to: facts.to,
    subject: `Barrio te envió ${formatMxn(facts.amountMxn)}`,
    text: [
      `Hola, ${facts.vendorName}:`,
      '',
      `El ${when} te enviamos ${formatMxn(facts.amountMxn)} por SPEI a tu cuenta ${account}.`,
      `Clave de rastreo: ${facts.reference}`,
      '',
      `Tus ganancias y pagos: ${facts.earningsUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
