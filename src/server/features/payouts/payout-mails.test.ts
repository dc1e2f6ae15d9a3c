import { describe, expect, it } from 'vitest';
import { vendorReviewMail, vendorReviewTemplate } from '../admin/review-messages.ts';
import { payoutSentMail } from './payout-mails.ts';

// Decision 072: every message to a vendor speaks the vendor's language, the payout's and the review
// queue's too.

const payout = {
  to: 'hola@casalimpia.test',
  vendorName: 'Casa Limpia',
  amountMxn: 40_500,
  reference: 'BARRIO0001',
  paidAt: new Date('2026-11-23T18:00:00Z'),
  timezone: 'America/Mexico_City',
  clabeLast4: '1234',
  bank: 'BBVA',
  earningsUrl: 'http://barrio.test/vendor/dashboard',
};

describe('vendor messages outside a booking', () => {
  it('the payout mail speaks the vendor’s language alone', () => {
    const es = payoutSentMail({ ...payout, language: 'es-MX' });
    expect(es.subject).toBe('Barrio te envió $405 MXN');
    expect(es.text).toContain(
      'El 23 de noviembre de 2026 te enviamos $405 MXN por SPEI a tu cuenta BBVA CLABE terminación 1234.',
    );
    const en = payoutSentMail({ ...payout, language: 'en' });
    expect(en.subject).toBe('Barrio sent you $405 MXN');
    expect(en.text).toContain(
      'On November 23, 2026 we sent you $405 MXN by SPEI to your account BBVA CLABE ending in 1234.',
    );
    expect(en.text).not.toMatch(/Hola|te enviamos|Clave de rastreo/);
  });

  it('the review queue’s outcome, mail and template, in the vendor’s language', () => {
    const facts = {
      businessName: 'Casa Limpia',
      decision: 'reject' as const,
      message: 'Not a local service',
      dashboardUrl: 'http://barrio.test/vendor/dashboard',
      profileUrl: 'http://barrio.test/public/vendor/casa-limpia',
    };
    expect(vendorReviewMail('v@x.test', { ...facts, language: 'en' }).subject).toBe(
      'Your Casa Limpia profile on Barrio was not approved',
    );
    expect(vendorReviewMail('v@x.test', { ...facts, language: 'es-MX' }).subject).toBe(
      'Tu perfil de Casa Limpia en Barrio no fue aprobado',
    );
    expect(vendorReviewTemplate({ ...facts, language: 'en' })).toMatchObject({
      key: 'vendor_rejected',
      language: 'en',
    });
  });
});
