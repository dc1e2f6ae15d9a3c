import { describe, expect, it } from 'vitest';
import { appointmentStatuses } from '../../../../shared/constants.ts';
import { type Language, languages } from '../../../../shared/language.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import {
  bodyParameterCount,
  renderTemplate,
  replies,
  type TemplateKey,
  templateIn,
  templateKeys,
} from '../../whatsapp/whatsapp-texts.ts';
import {
  confirmLinks,
  customerDeclinedMail,
  customerReceiptMail,
  instantConfirmedCustomerMail,
  vendorInstantMail,
  vendorInstantWhatsApp,
  vendorRequestMail,
  vendorRequestWhatsApp,
} from './booking-mails.ts';
import {
  customerCancelledMail,
  customerCancelledWhatsApp,
  customerExpiredMail,
  customerExpiredWhatsApp,
  customerReminderMail,
  customerRescheduledMail,
  refundIssuedMail,
  reminderWhatsApp,
  vendorCancelledMail,
  vendorCancelledWhatsApp,
  vendorReminderMail,
  vendorRescheduledMail,
  vendorRescheduledWhatsApp,
} from './change-mails.ts';
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
} from './customer-whatsapp.ts';
import { sampleFacts } from './message-facts.test-utils.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import {
  latePaymentMail,
  paidCustomerMail,
  paidVendorMail,
  paidWhatsApp,
  paymentLinkMail,
  paymentLinkWhatsApp,
  unpaidCancelledMails,
} from './payment-mails.ts';
import {
  customerProposalAcceptedMail,
  customerProposalMail,
  declineExtraLines,
  vendorProposalAcceptedMail,
  vendorProposalAcceptedWhatsApp,
  vendorProposalRejectedMail,
  vendorProposalRejectedWhatsApp,
} from './proposal-mails.ts';
import { reviewHiddenCustomerMail, reviewHiddenVendorMail, reviewRequestMail } from './review-mails.ts';

// Every message a person reads, built by its own builder, worded once: no raw
// status name, no second period after a time ("11:30 a.m.."), the vendor's answer window the same
// everywhere. Times are morning ones in Mexico City, so es-MX writes them with "a.m.".

/** Decision 096: a later morning the vendor proposes or offers, and a decline's reason and offer. */
const LATER = new Date('2026-11-26T16:00:00Z'); // jueves 26, 10:00 a.m.
const OFFER = {
  note: 'Ese día no trabajo',
  offered: { start: LATER, url: 'http://barrio.test/vendor/casa-limpia?service=s&start=x#book' },
};
const EARLIER = new Date('2026-11-24T16:00:00Z'); // martes 24, 10:00 a.m.
const DUE = new Date('2026-11-24T17:30:00Z'); // the answer / payment deadline, 11:30 a.m.

const facts: PaymentMailFacts = { ...sampleFacts, answerDueAt: DUE };
/** The same booking, done at the vendor's place. */
const atPlace: PaymentMailFacts = {
  ...facts,
  where: { location: 'vendor', address: null, placeAddress: 'Calle Durango 120, Roma Norte' },
};
const links = confirmLinks('http://barrio.test', 'tok');
const SIMILAR = 'http://barrio.test/vendor/casa-limpia#similar';
const REVIEW = 'http://barrio.test/review/XK7P2M?token=t';
const MORNING: Record<Language, string> = {
  'es-MX': 'mié 25 de nov, 11:30 a.m.',
  en: 'Wed, Nov 25, 11:30 AM',
};
const EARLIER_SHORT: Record<Language, string> = {
  'es-MX': 'mar 24 de nov, 10:00 a.m.',
  en: 'Tue, Nov 24, 10:00 AM',
};
const templateParameters = (lang: Language): Record<TemplateKey, string[]> => {
  const booking = ['XK7P2M', 'Casa Limpia', MORNING[lang]];
  return {
    booking_request: ['XK7P2M', 'Limpieza profunda', MORNING[lang], 'Ana López'],
    booking_instant: ['XK7P2M', 'Limpieza profunda', MORNING[lang], 'Ana López'],
    vendor_welcome: ['Casa Limpia', 'Limpieza'],
    payment_link: booking,
    customer_request_received: booking,
    customer_paid: booking,
    customer_paid_at_place: booking,
    customer_reminder: booking,
    customer_reminder_at_place: booking,
    customer_rescheduled: booking,
    customer_cancelled_by_barrio: booking,
    customer_cancelled: booking,
    customer_cancelled_by_vendor: booking,
    customer_declined: booking,
    customer_time_proposed: booking,
    customer_declined_with_offer: booking,
    payment_received: ['XK7P2M', 'Casa Limpia'],
    booking_reminder: booking,
    booking_cancelled: ['XK7P2M', 'Limpieza profunda', MORNING[lang]],
    booking_cancelled_by_barrio: ['XK7P2M', 'Limpieza profunda', MORNING[lang]],
    booking_cancelled_by_you: ['XK7P2M', 'Limpieza profunda', MORNING[lang]],
    booking_rescheduled: ['XK7P2M', EARLIER_SHORT[lang], MORNING[lang]],
    booking_proposal_accepted: ['XK7P2M', MORNING[lang]],
    booking_proposal_rejected: ['XK7P2M', MORNING[lang]],
    booking_expired: ['XK7P2M', 'Casa Limpia'],
    review_request: ['XK7P2M', 'Casa Limpia'],
    claim_code: ['Casa Limpia', '123456'],
    vendor_approved: ['Casa Limpia', 'http://barrio.test/vendor/dashboard'],
    vendor_changes_requested: ['Casa Limpia', 'Agrega una foto', 'http://barrio.test/vendor/dashboard'],
    vendor_rejected: ['Casa Limpia', 'No es un servicio', 'soporte@barrio.test'],
    test: [],
  };
};
const mail = (m: MailOutboxPayload) => `${m.subject}\n${m.text}`;

/** The booking with its customer and its vendor both reading `lang`. */
const factsIn = (lang: Language): PaymentMailFacts => ({ ...facts, language: lang, vendorLanguage: lang });

/** Every message to the customer, in the booking's language. */
function customerTexts(lang: Language): [string, string][] {
  const f = factsIn(lang);
  const place: PaymentMailFacts = { ...atPlace, language: lang, vendorLanguage: lang };
  const whatsApp = (name: string, m: CustomerWhatsApp): [string, string] => [name, m.text];
  return [
    ['customerReceiptMail', mail(customerReceiptMail(f))],
    ['customerDeclinedMail', mail(customerDeclinedMail(f, 'BEGIN:VCALENDAR'))],
    ['instantConfirmedCustomerMail', mail(instantConfirmedCustomerMail(f, 'BEGIN:VCALENDAR'))],
    ['paymentLinkMail', mail(paymentLinkMail(f, 'http://pay.test/s', DUE))],
    ['paymentLinkWhatsApp', paymentLinkWhatsApp(f, DUE)],
    ['paidCustomerMail', mail(paidCustomerMail(f, 'BEGIN:VCALENDAR'))],
    ['paidWhatsApp customer', paidWhatsApp(f, 'customer')],
    ['unpaidCancelledMails customer', mail(unpaidCancelledMails(f, 'BEGIN:VCALENDAR')[0]!)],
    ['latePaymentMail', mail(latePaymentMail(f, 'BEGIN:VCALENDAR'))],
    ['customerCancelledMail', mail(customerCancelledMail(f, 45_000))],
    [
      'customerCancelledMail by Barrio',
      mail(customerCancelledMail(f, 45_000, { by: 'admin', note: 'Enfermedad' })),
    ],
    [
      'customerCancelledWhatsApp by Barrio',
      customerCancelledWhatsApp(f, { by: 'admin', note: null, refundMxn: 0 }),
    ],
    [
      'customerCancelledWhatsApp',
      customerCancelledWhatsApp(f, { by: 'customer', note: null, refundMxn: 45_000 }),
    ],
    [
      'customerCancelledMail by the vendor',
      mail(customerCancelledMail(f, 45_000, { by: 'vendor', note: 'Se descompuso mi auto' })),
    ],
    [
      'customerCancelledWhatsApp by the vendor',
      customerCancelledWhatsApp(f, { by: 'vendor', note: 'Se descompuso mi auto', refundMxn: 45_000 }),
    ],
    ['customerRescheduledMail', mail(customerRescheduledMail(f, EARLIER, 'BEGIN:VCALENDAR'))],
    ['customerReminderMail', mail(customerReminderMail(f, 'BEGIN:VCALENDAR'))],
    ['reminderWhatsApp customer', reminderWhatsApp(f, 'customer')],
    ['customerExpiredMail', mail(customerExpiredMail(f, SIMILAR))],
    ['customerExpiredWhatsApp', customerExpiredWhatsApp(f)],
    ['refundIssuedMail', mail(refundIssuedMail(f, 45_000))],
    ['reviewRequestMail', mail(reviewRequestMail(f, REVIEW))],
    ['reviewHiddenCustomerMail', mail(reviewHiddenCustomerMail(f, 'Spam', REVIEW))],
    whatsApp('requestReceivedWhatsApp', requestReceivedWhatsApp(f)),
    whatsApp('paymentLinkCustomerWhatsApp', paymentLinkCustomerWhatsApp(f, 'http://pay.test/s', DUE)),
    whatsApp('paidCustomerWhatsApp', paidCustomerWhatsApp(f)),
    whatsApp('reminderCustomerWhatsApp', reminderCustomerWhatsApp(f)),
    whatsApp('reminderCustomerWhatsApp at the place', reminderCustomerWhatsApp(place)),
    whatsApp('rescheduledCustomerWhatsApp', rescheduledCustomerWhatsApp(f, EARLIER)),
    whatsApp(
      'cancelledCustomerWhatsApp by Barrio',
      cancelledCustomerWhatsApp(f, { by: 'admin', note: null, refundMxn: 0 }),
    ),
    whatsApp('declinedCustomerWhatsApp', declinedCustomerWhatsApp(f)),
    // Decision 096: the vendor's other time, and a decline with its reason and offer.
    ['customerProposalMail', mail(customerProposalMail(f, LATER))],
    whatsApp('proposalCustomerWhatsApp', proposalCustomerWhatsApp(f, LATER)),
    ['customerProposalAcceptedMail', mail(customerProposalAcceptedMail(f, EARLIER, 'BEGIN:VCALENDAR'))],
    whatsApp('proposalAcceptedCustomerWhatsApp', proposalAcceptedCustomerWhatsApp(f)),
    [
      'customerDeclinedMail with a reason and an offer',
      mail(customerDeclinedMail(f, null, declineExtraLines(f, OFFER, { withLink: true }))),
    ],
    whatsApp('declinedCustomerWhatsApp with an offer', declinedCustomerWhatsApp(f, OFFER)),
    whatsApp('expiredCustomerWhatsApp', expiredCustomerWhatsApp(f, SIMILAR)),
    whatsApp('reviewRequestCustomerWhatsApp', reviewRequestCustomerWhatsApp(f, REVIEW)),
  ];
}

/** Every message to the vendor, in the vendor's language. */
function vendorTexts(lang: Language): [string, string][] {
  const f = factsIn(lang);
  return [
    ['vendorRequestMail', mail(vendorRequestMail('v@x.test', f, links))],
    ['vendorRequestWhatsApp', vendorRequestWhatsApp(f, links)],
    ['vendorRequestWhatsApp resent', vendorRequestWhatsApp(f, null)],
    ['vendorInstantMail', mail(vendorInstantMail('v@x.test', f, DUE))],
    ['vendorInstantMail free', mail(vendorInstantMail('v@x.test', f, null))],
    ['vendorInstantWhatsApp', vendorInstantWhatsApp(f, DUE)],
    ['paidVendorMail', mail(paidVendorMail('v@x.test', f))],
    ['paidWhatsApp vendor', paidWhatsApp(f, 'vendor')],
    ['unpaidCancelledMails vendor', mail(unpaidCancelledMails(f)[1]!)],
    ['vendorCancelledMail', mail(vendorCancelledMail('v@x.test', f, { note: 'Viaje', refundMxn: 45_000 }))],
    ['vendorCancelledWhatsApp', vendorCancelledWhatsApp(f, 'Viaje')],
    [
      'vendorCancelledMail by Barrio',
      mail(vendorCancelledMail('v@x.test', f, { note: null, refundMxn: 0, by: 'admin' })),
    ],
    ['vendorCancelledWhatsApp by Barrio', vendorCancelledWhatsApp(f, null, 'admin')],
    [
      'vendorCancelledMail by the vendor',
      mail(vendorCancelledMail('v@x.test', f, { note: 'Viaje', refundMxn: 45_000, by: 'vendor' })),
    ],
    ['vendorCancelledWhatsApp by the vendor', vendorCancelledWhatsApp(f, 'Viaje', 'vendor')],
    ['vendorRescheduledMail', mail(vendorRescheduledMail('v@x.test', f, EARLIER))],
    ['vendorRescheduledWhatsApp', vendorRescheduledWhatsApp(f, EARLIER)],
    ['vendorReminderMail', mail(vendorReminderMail('v@x.test', f))],
    ['reminderWhatsApp vendor', reminderWhatsApp(f, 'vendor')],
    ['reviewHiddenVendorMail', mail(reviewHiddenVendorMail('v@x.test', f, 'Spam'))],
    ['vendorProposalAcceptedMail', mail(vendorProposalAcceptedMail('v@x.test', f, EARLIER))],
    ['vendorProposalAcceptedWhatsApp', vendorProposalAcceptedWhatsApp(f)],
    ['vendorProposalRejectedMail', mail(vendorProposalRejectedMail('v@x.test', f, LATER))],
    ['vendorProposalRejectedWhatsApp', vendorProposalRejectedWhatsApp(f, LATER)],
  ];
}

const texts: [string, string][] = [
  ...languages.flatMap((lang) =>
    [...customerTexts(lang), ...vendorTexts(lang)].map(([name, text]): [string, string] => [
      `${name} ${lang}`,
      text,
    ]),
  ),
  ...languages.flatMap((lang): [string, string][] => [
    [`replies.confirmed ${lang}`, replies.confirmed(lang, facts.code, false)],
    [`replies.declined ${lang}`, replies.declined(lang, facts.code)],
    [`replies.blocked ${lang}`, replies.blocked(lang, facts.code)],
    [`replies.noPending ${lang}`, replies.noPending(lang)],
  ]),
  // The templates as WhatsApp renders them (their parameters as booking-notifications.ts and
  // whatsapp-outbound.service.ts fill them), with morning times, in each language.
  ...languages.flatMap((lang) =>
    templateKeys.map((key: TemplateKey): [string, string] => [
      `template ${key} ${lang}`,
      renderTemplate(key, templateParameters(lang)[key], lang),
    ]),
  ),
];

/**
 * Words that only one of the languages writes in these texts: a text in the other language that
 * holds one is half translated. (The sample's own data — "Limpieza profunda", the links — hold none.)
 */
const otherLanguageWords: Record<Language, RegExp> = {
  'es-MX': /\b(the|your|you|we|booking|request|paid|cancelled)\b/i,
  en: /\b(reserva|solicitud|tu|te|el|hola|pago|cancel[oó]|fecha|importe)\b/i,
};

describe('booking messages', () => {
  it('the table has morning times in it, so the checks below can fail', () => {
    expect(texts.filter(([, text]) => text.includes('a.m.')).length).toBeGreaterThan(20);
    expect(texts.filter(([, text]) => text.includes('AM')).length).toBeGreaterThan(20);
  });

  it.each(texts)('%s: no second period after a time', (_, text) => {
    expect(text).not.toMatch(/a\.\s?m\.\./);
    expect(text).not.toMatch(/p\.\s?m\.\./);
  });

  it.each(texts)('%s: no raw status name', (_, text) => {
    for (const status of appointmentStatuses) {
      if (status.includes('_')) expect(text).not.toContain(status);
      expect(text).not.toContain(`(${status})`);
    }
  });

  it.each(texts)('%s: a timezone by its city, never its IANA id', (_, text) => {
    expect(text).not.toMatch(/America\/|Mexico_City/);
  });

  // Decision 072: each person reads one language, theirs.
  const inOneLanguage = languages.flatMap((lang) =>
    [
      ...customerTexts(lang),
      ...vendorTexts(lang),
      ...templateKeys.map((key): [string, string] => [
        `template ${key}`,
        renderTemplate(key, templateParameters(lang)[key], lang),
      ]),
    ].map(([name, text]) => [`${name} ${lang}`, lang, text.replace(/https?:\/\/\S+/g, '')] as const),
  );
  it.each(inOneLanguage)('%s: in its reader’s language only', (_, lang, text) => {
    expect(text).not.toMatch(otherLanguageWords[lang]);
  });
  it('the one-language check finds the other language, so it can fail', () => {
    expect(mail(customerReceiptMail(factsIn('en')))).toMatch(otherLanguageWords['es-MX']);
    expect(mail(customerReceiptMail(factsIn('es-MX')))).toMatch(otherLanguageWords.en);
  });

  it('names the zone of a time by its city in the mails that name it', () => {
    expect(mail(paymentLinkMail(facts, 'http://pay.test/s', DUE))).toContain('(hora de Ciudad de México)');
    expect(mail(paymentLinkMail(factsIn('en'), 'http://pay.test/s', DUE))).toContain('(Mexico City time)');
    expect(mail(customerReceiptMail(factsIn('en')))).toContain('(Mexico City time)');
  });

  it('the vendor’s request states the 8-hour target and the real deadline, by mail and WhatsApp', () => {
    const line = {
      'es-MX':
        'Responde en menos de 8 horas; la solicitud vence el martes, 24 de noviembre de 2026, 11:30 a.m.',
      en: 'Answer within 8 hours; the request expires on Tuesday, November 24, 2026 at 11:30 AM.',
    } satisfies Record<Language, string>;
    for (const lang of languages)
      for (const [name, text] of vendorTexts(lang).filter(([n]) => n.startsWith('vendorRequest')))
        expect(text.split('\n'), `${name} ${lang}`).toContain(line[lang]);
  });

  it('the customer’s receipt gives the target as a target and the deadline as a deadline, in the booking’s language', () => {
    const en = mail(customerReceiptMail(factsIn('en')));
    expect(en).toContain(
      'The vendor usually answers within 8 hours, and at the latest by Tuesday, November 24, 2026 at 11:30 AM.',
    );
    expect(en).toMatch(/^Booking request XK7P2M received\nHi Ana López,/);
    expect(en).not.toContain('El proveedor');
    const es = mail(customerReceiptMail(factsIn('es-MX')));
    expect(es).toContain(
      'El proveedor suele responder en menos de 8 horas; el plazo vence el martes, 24 de noviembre de 2026, 11:30 a.m.',
    );
    expect(es).toMatch(/^Solicitud de reserva XK7P2M recibida\nHola Ana López:/);
    expect(es).not.toContain('The vendor');
    expect(es).not.toContain('confirmations arrive within');
  });

  it('the customer and the vendor of one booking each read their own language', () => {
    const mixed: PaymentMailFacts = { ...facts, language: 'en', vendorLanguage: 'es-MX' };
    expect(mail(paidCustomerMail(mixed, 'BEGIN:VCALENDAR'))).toMatch(/^Payment received · Booking XK7P2M/);
    expect(mail(paidVendorMail('v@x.test', mixed))).toMatch(/^Reserva XK7P2M pagada/);
    expect(mail(vendorRequestMail('v@x.test', mixed, links))).toContain('Confirmar: http://barrio.test/');
    expect(reminderWhatsApp(mixed, 'customer')).toMatch(/^Reminder: your booking XK7P2M/);
    expect(reminderWhatsApp(mixed, 'vendor')).toMatch(/^Recordatorio: la reserva XK7P2M/);
  });
});

describe('the vendor cancels (decision 094)', () => {
  it('the customer reads that the vendor cancelled, the reason and the full refund, in their language', () => {
    const es = factsIn('es-MX');
    const en = factsIn('en');
    const reason = 'Se descompuso mi auto';
    expect(mail(customerCancelledMail(es, 45_000, { by: 'vendor', note: reason }))).toMatch(
      /^El proveedor canceló tu reserva XK7P2M\n[\s\S]*Casa Limpia canceló tu reserva[\s\S]*Motivo: Se descompuso mi auto[\s\S]*importe completo, \$450/,
    );
    expect(customerCancelledWhatsApp(en, { by: 'vendor', note: reason, refundMxn: 45_000 })).toMatch(
      /^Casa Limpia cancelled your booking XK7P2M[\s\S]*Reason: Se descompuso mi auto\nWe will refund \$450/,
    );
    expect(cancelledCustomerWhatsApp(es, { by: 'vendor', note: reason, refundMxn: 0 }).template.key).toBe(
      'customer_cancelled_by_vendor',
    );
  });

  it('the vendor’s own copy says they cancelled, with their reason', () => {
    const es = factsIn('es-MX');
    expect(
      mail(vendorCancelledMail('v@x.test', es, { note: 'Viaje', refundMxn: 45_000, by: 'vendor' })),
    ).toMatch(/^Cancelaste la reserva XK7P2M\n[\s\S]*Motivo: Viaje[\s\S]*reembolso completo/);
    expect(vendorCancelledWhatsApp(factsIn('en'), 'Viaje', 'vendor')).toMatch(
      /^You cancelled booking XK7P2M by Ana[\s\S]*\nReason: Viaje$/,
    );
  });
});

describe('the customer’s WhatsApp messages (decisions 070, 072)', () => {
  const customerIn = (lang: Language): CustomerWhatsApp[] => {
    const f = factsIn(lang);
    const place: PaymentMailFacts = { ...atPlace, language: lang, vendorLanguage: lang };
    return [
      requestReceivedWhatsApp(f),
      paymentLinkCustomerWhatsApp(f, 'http://pay.test/s', DUE),
      paidCustomerWhatsApp(f),
      paidCustomerWhatsApp(place),
      reminderCustomerWhatsApp(f),
      reminderCustomerWhatsApp(place),
      rescheduledCustomerWhatsApp(f, EARLIER),
      cancelledCustomerWhatsApp(f, { by: 'admin', note: 'Enfermedad', refundMxn: 45_000 }),
      cancelledCustomerWhatsApp(f, { by: 'customer', note: null, refundMxn: 0 }),
      cancelledCustomerWhatsApp(f, { by: 'vendor', note: 'Se descompuso mi auto', refundMxn: 45_000 }),
      declinedCustomerWhatsApp(f),
      expiredCustomerWhatsApp(f, SIMILAR),
      reviewRequestCustomerWhatsApp(f, REVIEW),
    ];
  };
  const customer = languages.flatMap((lang) =>
    customerIn(lang).map((m) => [`${m.template.key} ${lang}`, lang, m] as const),
  );

  it.each(customer)(
    '%s: no raw link in its text or its template, the link a button of its catalogue template in its language',
    (_, lang, message) => {
      const { key, parameters, buttons, language } = message.template;
      expect(language).toBe(lang);
      expect(message.text).not.toMatch(/https?:\/\//);
      expect(renderTemplate(key, parameters, lang)).not.toMatch(/https?:\/\//);
      const defined = templateIn(key, lang);
      expect(defined.language).toBe(lang === 'en' ? 'en_US' : 'es_MX');
      expect(parameters).toHaveLength(bodyParameterCount(defined.body));
      expect(buttons.map((b) => b.index)).toEqual((defined.buttons ?? []).map((_, i) => i));
      // The button inside the window is labelled as in the language's template.
      const labels = (defined.buttons ?? []).map((b) => b.text);
      expect(labels).toContain(message.interactive.label);
    },
  );

  it('Pagar goes to the checkout inside the window, to the booking page outside it; Pay in English', () => {
    const link = paymentLinkCustomerWhatsApp(facts, 'http://pay.test/s', DUE);
    expect(link.interactive).toEqual({ kind: 'cta_url', label: 'Pagar', url: 'http://pay.test/s' });
    expect(templateIn('payment_link', 'es-MX').buttons?.[0]).toMatchObject({ text: 'Pagar', url: '/{{1}}' });
    expect(`http://barrio.test/${(link.template.buttons[0] as { suffix: string }).suffix}`).toBe(
      facts.manageUrl,
    );
    const english = paymentLinkCustomerWhatsApp(factsIn('en'), 'http://pay.test/s', DUE);
    expect(english.interactive).toEqual({ kind: 'cta_url', label: 'Pay', url: 'http://pay.test/s' });
    expect(english.text).toContain('Pay $450 MXN with the Pay button.');
  });

  it('Cómo llegar leads to the vendor’s address only where the service is done at the vendor’s place', () => {
    const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Calle Durango 120, Roma Norte')}`;
    expect(reminderCustomerWhatsApp(atPlace).interactive).toEqual({
      kind: 'cta_url',
      label: 'Cómo llegar',
      url: maps,
    });
    expect(reminderCustomerWhatsApp({ ...atPlace, language: 'en' }).interactive).toEqual({
      kind: 'cta_url',
      label: 'Directions',
      url: maps,
    });
    expect(paidCustomerWhatsApp(atPlace).template.key).toBe('customer_paid_at_place');
    expect(templateIn('customer_paid_at_place', 'es-MX').buttons?.[1]).toMatchObject({
      url: 'https://www.google.com/maps/search/?api=1&query={{1}}',
    });
    expect(reminderCustomerWhatsApp(facts).interactive).toEqual({
      kind: 'cta_url',
      label: 'Ver reserva',
      url: facts.manageUrl,
    });
    expect(reminderCustomerWhatsApp(factsIn('en')).interactive).toMatchObject({ label: 'View booking' });
    expect(reminderCustomerWhatsApp(facts).template.key).toBe('customer_reminder');
  });

  it('the review request and the expiry carry their link as a button, never in the text', () => {
    const review = reviewRequestCustomerWhatsApp(factsIn('en'), REVIEW);
    expect(review.interactive).toEqual({ kind: 'cta_url', label: 'Rate', url: REVIEW });
    expect(review.template.buttons).toEqual([{ type: 'url', index: 0, suffix: 'review/XK7P2M?token=t' }]);
    const expired = expiredCustomerWhatsApp(facts, SIMILAR);
    expect(expired.interactive).toEqual({ kind: 'cta_url', label: 'Ver parecidos', url: SIMILAR });
    expect(expired.template.buttons).toEqual([
      { type: 'url', index: 0, suffix: 'vendor/casa-limpia#similar' },
    ]);
  });
});
