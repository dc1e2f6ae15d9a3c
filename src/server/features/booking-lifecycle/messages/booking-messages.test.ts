import { describe, expect, it } from 'vitest';
import { appointmentStatuses } from '../../../../shared/constants.ts';
import { languages } from '../../../../shared/language.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import {
  bodyParameterCount,
  renderTemplate,
  replies,
  type TemplateDefinition,
  type TemplateKey,
  templateKeys,
  templates,
} from '../../whatsapp/whatsapp-texts.ts';
import {
  confirmLinks,
  customerDeclinedMail,
  customerReceiptMail,
  vendorRequestMail,
  vendorRequestWhatsApp,
} from './booking-mails.ts';
import {
  customerCancelledByBarrioWhatsApp,
  customerCancelledMail,
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
  cancelledByBarrioCustomerWhatsApp,
  paidCustomerWhatsApp,
  paymentLinkCustomerWhatsApp,
  reminderCustomerWhatsApp,
  requestReceivedWhatsApp,
  rescheduledCustomerWhatsApp,
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

// Every message a person reads, built by its own builder, worded once: no raw
// status name, no second period after a time ("11:30 a.m.."), the vendor's answer window the same
// everywhere. Times are morning ones in Mexico City, so es-MX writes them with "a.m.".

const EARLIER = new Date('2026-11-24T16:00:00Z'); // martes 24, 10:00 a.m.
const DUE = new Date('2026-11-24T17:30:00Z'); // the answer / payment deadline, 11:30 a.m.

const facts: PaymentMailFacts = { ...sampleFacts, answerDueAt: DUE };
/** The same booking, done at the vendor's place. */
const atPlace: PaymentMailFacts = {
  ...facts,
  where: { location: 'vendor', address: null, placeAddress: 'Calle Durango 120, Roma Norte' },
};
const links = confirmLinks('http://barrio.test', 'tok');
const MORNING = 'mié 25 de nov, 11:30 a.m.';
const templateParameters: Record<TemplateKey, string[]> = {
  booking_request: ['XK7P2M', 'Limpieza profunda', MORNING, 'Ana López'],
  vendor_welcome: ['Casa Limpia', 'Limpieza'],
  payment_link: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_request_received: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_paid: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_paid_at_place: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_reminder: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_reminder_at_place: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_rescheduled: ['XK7P2M', 'Casa Limpia', MORNING],
  customer_cancelled_by_barrio: ['XK7P2M', 'Casa Limpia', MORNING],
  payment_received: ['XK7P2M', 'Casa Limpia'],
  booking_reminder: ['XK7P2M', 'Casa Limpia', MORNING],
  booking_cancelled: ['XK7P2M', 'Limpieza profunda', MORNING],
  booking_cancelled_by_barrio: ['XK7P2M', 'Limpieza profunda', MORNING],
  booking_rescheduled: ['XK7P2M', 'mar 24 de nov, 10:00 a.m.', MORNING],
  booking_expired: ['XK7P2M', 'Casa Limpia', 'http://barrio.test/similar'],
  review_request: ['XK7P2M', 'Casa Limpia', 'http://barrio.test/review/XK7P2M?token=t'],
  claim_code: ['Casa Limpia', '123456'],
  vendor_approved: ['Casa Limpia', 'http://barrio.test/vendor/dashboard'],
  vendor_changes_requested: ['Casa Limpia', 'Agrega una foto', 'http://barrio.test/vendor/dashboard'],
  vendor_rejected: ['Casa Limpia', 'No es un servicio', 'soporte@barrio.test'],
  test: [],
};
const mail = (m: MailOutboxPayload) => `${m.subject}\n${m.text}`;

const texts: [string, string][] = [
  ['vendorRequestMail', mail(vendorRequestMail('v@x.test', facts, links))],
  ['vendorRequestWhatsApp', vendorRequestWhatsApp(facts, links)],
  ['customerReceiptMail', mail(customerReceiptMail(facts))],
  ['customerDeclinedMail', mail(customerDeclinedMail(facts))],
  ['paymentLinkMail', mail(paymentLinkMail(facts, 'http://pay.test/s', DUE))],
  ['paymentLinkWhatsApp', paymentLinkWhatsApp(facts, DUE)],
  ['paidCustomerMail', mail(paidCustomerMail(facts, 'BEGIN:VCALENDAR'))],
  ['paidVendorMail', mail(paidVendorMail('v@x.test', facts))],
  ['paidWhatsApp customer', paidWhatsApp(facts, 'customer')],
  ['paidWhatsApp vendor', paidWhatsApp(facts, 'vendor')],
  ['unpaidCancelledMails', unpaidCancelledMails(facts).map(mail).join('\n')],
  ['latePaymentMail', mail(latePaymentMail(facts))],
  ['customerCancelledMail', mail(customerCancelledMail(facts, 45_000))],
  [
    'customerCancelledMail by Barrio',
    mail(customerCancelledMail(facts, 45_000, { by: 'admin', note: 'El proveedor enfermó' })),
  ],
  [
    'customerCancelledByBarrioWhatsApp',
    customerCancelledByBarrioWhatsApp(facts, { note: null, refundMxn: 0 }),
  ],
  ['vendorCancelledMail', mail(vendorCancelledMail('v@x.test', facts, { note: 'Viaje', refunded: true }))],
  ['vendorCancelledWhatsApp', vendorCancelledWhatsApp(facts, 'Viaje')],
  [
    'vendorCancelledMail by Barrio',
    mail(vendorCancelledMail('v@x.test', facts, { note: null, refunded: false, by: 'admin' })),
  ],
  ['vendorCancelledWhatsApp by Barrio', vendorCancelledWhatsApp(facts, null, 'admin')],
  ['customerRescheduledMail', mail(customerRescheduledMail(facts, EARLIER, 'BEGIN:VCALENDAR'))],
  ['vendorRescheduledMail', mail(vendorRescheduledMail('v@x.test', facts, EARLIER))],
  ['vendorRescheduledWhatsApp', vendorRescheduledWhatsApp(facts, EARLIER)],
  ['customerReminderMail', mail(customerReminderMail(facts, 'BEGIN:VCALENDAR'))],
  ['vendorReminderMail', mail(vendorReminderMail('v@x.test', facts))],
  ['reminderWhatsApp customer', reminderWhatsApp(facts, 'customer')],
  ['reminderWhatsApp vendor', reminderWhatsApp(facts, 'vendor')],
  ['customerExpiredMail', mail(customerExpiredMail(facts, 'http://barrio.test/similar'))],
  ['customerExpiredWhatsApp', customerExpiredWhatsApp(facts, 'http://barrio.test/similar')],
  ['refundIssuedMail', mail(refundIssuedMail(facts, 45_000))],
  ['vendorRequestWhatsApp resent', vendorRequestWhatsApp({ ...facts, answerDueAt: DUE }, null)],
  ['requestReceivedWhatsApp', requestReceivedWhatsApp(facts).text],
  ['paymentLinkCustomerWhatsApp', paymentLinkCustomerWhatsApp(facts, 'http://pay.test/s', DUE).text],
  ['paidCustomerWhatsApp', paidCustomerWhatsApp(facts).text],
  ['reminderCustomerWhatsApp', reminderCustomerWhatsApp(facts).text],
  ['reminderCustomerWhatsApp at the place', reminderCustomerWhatsApp(atPlace).text],
  ['rescheduledCustomerWhatsApp', rescheduledCustomerWhatsApp(facts, EARLIER).text],
  [
    'cancelledByBarrioCustomerWhatsApp',
    cancelledByBarrioCustomerWhatsApp(facts, { note: null, refundMxn: 0 }).text,
  ],
  ...languages.flatMap((lang): [string, string][] => [
    [`replies.confirmed ${lang}`, replies.confirmed(lang, facts.code, false)],
    [`replies.declined ${lang}`, replies.declined(lang, facts.code)],
    [`replies.blocked ${lang}`, replies.blocked(lang, facts.code)],
    [`replies.noPending ${lang}`, replies.noPending(lang)],
  ]),
  // The templates as WhatsApp renders them (their parameters as booking-notifications.ts and
  // whatsapp-outbound.service.ts fill them), with morning times.
  ...templateKeys.map((key: TemplateKey): [string, string] => [
    `template ${key}`,
    renderTemplate(key, templateParameters[key]),
  ]),
];

describe('booking messages', () => {
  it('the table has morning times in it, so the checks below can fail', () => {
    expect(texts.filter(([, text]) => text.includes('a.m.')).length).toBeGreaterThan(20);
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

  it('names the zone of a time by its city in the mails that name it', () => {
    expect(mail(paymentLinkMail(facts, 'http://pay.test/s', DUE))).toContain('(hora de Ciudad de México)');
    expect(mail(customerReceiptMail(facts))).toContain('(Mexico City time)');
  });

  it('the vendor’s request states the 8-hour target and the real deadline, by mail and WhatsApp', () => {
    const line =
      'Responde en menos de 8 horas; la solicitud vence el martes, 24 de noviembre de 2026, 11:30 a.m.';
    for (const [name, text] of texts.filter(([n]) =>
      ['vendorRequestMail', 'vendorRequestWhatsApp', 'vendorRequestWhatsApp resent'].includes(n),
    )) {
      expect(text.split('\n'), name).toContain(line);
    }
  });

  it('the customer’s receipt gives the target as a target and the deadline as a deadline', () => {
    const text = mail(customerReceiptMail(facts));
    expect(text).toContain(
      'The vendor usually answers within 8 hours, and at the latest by Tuesday, November 24, 2026 at 11:30 AM.',
    );
    expect(text).toContain(
      'El proveedor suele responder en menos de 8 horas; el plazo vence el martes, 24 de noviembre de 2026, 11:30 a.m.',
    );
    expect(text).not.toContain('confirmations arrive within');
  });
});

describe('the customer’s WhatsApp messages (decision 070)', () => {
  const customer = [
    requestReceivedWhatsApp(facts),
    paymentLinkCustomerWhatsApp(facts, 'http://pay.test/s', DUE),
    paidCustomerWhatsApp(facts),
    paidCustomerWhatsApp(atPlace),
    reminderCustomerWhatsApp(facts),
    reminderCustomerWhatsApp(atPlace),
    rescheduledCustomerWhatsApp(facts, EARLIER),
    cancelledByBarrioCustomerWhatsApp(facts, { note: 'El proveedor enfermó', refundMxn: 45_000 }),
  ];

  it.each(customer.map((m) => [m.template.key, m] as const))(
    '%s: no raw link in its text or its template, the link a button of its catalogue template',
    (key, message) => {
      expect(message.text).not.toMatch(/https?:\/\//);
      expect(renderTemplate(key, message.template.parameters)).not.toMatch(/https?:\/\//);
      const defined: TemplateDefinition = templates[key];
      expect(message.template.parameters).toHaveLength(bodyParameterCount(defined.body));
      expect(message.template.buttons.map((b) => b.index)).toEqual((defined.buttons ?? []).map((_, i) => i));
    },
  );

  it('Pagar goes to the checkout inside the window, to the booking page outside it', () => {
    const link = paymentLinkCustomerWhatsApp(facts, 'http://pay.test/s', DUE);
    expect(link.interactive).toEqual({ kind: 'cta_url', label: 'Pagar', url: 'http://pay.test/s' });
    expect(templates.payment_link.buttons[0]).toMatchObject({ text: 'Pagar', url: '/{{1}}' });
    expect(`http://barrio.test/${(link.template.buttons[0] as { suffix: string }).suffix}`).toBe(
      facts.manageUrl,
    );
  });

  it('Cómo llegar leads to the vendor’s address only where the service is done at the vendor’s place', () => {
    const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Calle Durango 120, Roma Norte')}`;
    expect(reminderCustomerWhatsApp(atPlace).interactive).toEqual({
      kind: 'cta_url',
      label: 'Cómo llegar',
      url: maps,
    });
    expect(paidCustomerWhatsApp(atPlace).template.key).toBe('customer_paid_at_place');
    expect(templates.customer_paid_at_place.buttons[1].url).toBe(
      'https://www.google.com/maps/search/?api=1&query={{1}}',
    );
    expect(reminderCustomerWhatsApp(facts).interactive).toEqual({
      kind: 'cta_url',
      label: 'Ver reserva',
      url: facts.manageUrl,
    });
    expect(reminderCustomerWhatsApp(facts).template.key).toBe('customer_reminder');
  });
});
