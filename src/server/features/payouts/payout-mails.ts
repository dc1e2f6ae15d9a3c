import { dateTimeFormat } from '../../../shared/date-format.ts';
import { intlLocales, type Language } from '../../../shared/language.ts';
import { formatMxn } from '../../../shared/money.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';

// What a payout sends (decision 064): the vendor is told of money sent, in the vendor's language as
// every vendor message is (decision 072), whatever its notification settings say — a mail about
// money always goes.

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
  language: Language;
}

interface PayoutWords {
  account: (bank: string | null, last4: string) => string;
  subject: (amount: string) => string;
  hello: (name: string) => string;
  sent: (when: string, amount: string, account: string) => string;
  reference: string;
  earnings: string;
}

const words: Record<Language, PayoutWords> = {
  'es-MX': {
    account: (bank, last4) => `${bank ? `${bank} ` : ''}CLABE terminación ${last4}`,
    subject: (amount) => `Barrio te envió ${amount}`,
    hello: (name) => `Hola, ${name}:`,
    sent: (when, amount, account) => `El ${when} te enviamos ${amount} por SPEI a tu cuenta ${account}.`,
    reference: 'Clave de rastreo',
    earnings: 'Tus ganancias y pagos',
  },
  en: {
    account: (bank, last4) => `${bank ? `${bank} ` : ''}CLABE ending in ${last4}`,
    subject: (amount) => `Barrio sent you ${amount}`,
    hello: (name) => `Hello ${name},`,
    sent: (when, amount, account) => `On ${when} we sent you ${amount} by SPEI to your account ${account}.`,
    reference: 'Tracking key',
    earnings: 'Your earnings and payouts',
  },
};

export function payoutSentMail(facts: PayoutMailFacts): MailOutboxPayload {
  const w = words[facts.language];
  const when = dateTimeFormat(intlLocales[facts.language], {
    timeZone: facts.timezone,
    dateStyle: 'long',
  }).format(facts.paidAt);
  const amount = formatMxn(facts.amountMxn);
  return {
    to: facts.to,
    subject: w.subject(amount),
    text: [
      w.hello(facts.vendorName),
      '',
      w.sent(when, amount, w.account(facts.bank, facts.clabeLast4)),
      `${w.reference}: ${facts.reference}`,
      '',
      `${w.earnings}: ${facts.earningsUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
