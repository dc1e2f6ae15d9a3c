import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedBooking } from '../../../shared/booking.schemas.ts';
import type { CancellationPolicy } from '../../../shared/cancellation-policy.ts';
import type { PublicVendorDetail } from '../../../shared/vendor.schemas.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { insertVendor } from '../../test/factories.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, NOW, THURSDAY_9 } from '../../test/test-week.ts';
import { refundIdempotencyKey } from '../booking-lifecycle/refund-booking.ts';
import { vendorBalances } from '../ledger/balances.ts';
import { checkLedger } from '../ledger/ledger-check.ts';

// Decision 095: the vendor's cancellation policy, kept on each booking and applied when the customer
// cancels. "Now" is Sunday 2026-11-22 12:00 in Mexico City; the bookings start on Thursday at 09:00
// (93 hours later), are paid by card at Stripe (a local fake that records each refund and each
// request), and are cancelled with the clock set at each boundary and a minute either side.

const MINUTE = 60_000;
const START = Date.parse(THURSDAY_9);
/** The instant `hours` (and `minutes`) before the start. */
const ahead = (hours: number, minutes = 0) => new Date(START - hours * HOUR - minutes * MINUTE);

describe(`the customer cancels under the vendor's cancellation policy (${testEngine})`, () => {
  let world: BookingScenario;
  let fake: FakeStripe;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true, oxxo: false });
    fake = world.stripe!;
  });
  afterAll(() => world?.close());

  const refundsOf = (id: string) => fake.refunds.filter((r) => r.metadata.appointment_id === id);
  const refundRequestsOf = (id: string) =>
    fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.method === 'POST' && r.idempotencyKey?.includes(id),
    );
  const page = async (token: string) =>
    (await (await world.api().bookings.manage.$get({ query: { token } })).json()) as ManagedBooking;
  const cancel = (token: string) => world.api().bookings.manage.cancel.$post({ json: { token } });

  /** A vendor of its own with `policy`, and a booking of theirs paid at NOW. */
  async function paidUnder(policy: CancellationPolicy, priceCents = 45_000) {
    world.clock.set(NOW);
    n++;
    const vendor = await insertVendor(world.db, {
      businessName: `Cerrajería Doctores ${n}`,
      businessPhone: `+5255987600${String(n).padStart(2, '0')}`,
      cancellationPolicy: policy,
    });
    const booking = await world.paid({
      startTime: THURSDAY_9,
      vendor,
      serviceFields: { durationMinutes: 60, priceCents },
      customerEmail: `beto.${n}@example.test`,
    });
    expect(booking.row).toMatchObject({ status: 'paid', cancellationPolicy: policy });
    return booking;
  }

  // Each boundary instant belongs to the smaller refund: "until 48 hours before" ends at 48:00.
  const cases: [CancellationPolicy, string, number | 'too_late', Date][] = [
    ['flexible', '24 h 1 min before', 45_000, ahead(24, 1)],
    ['flexible', '24 h before', 'too_late', ahead(24)],
    ['flexible', '23 h 59 min before', 'too_late', ahead(23, 59)],
    ['moderate', '48 h 1 min before', 45_000, ahead(48, 1)],
    ['moderate', '48 h before', 22_500, ahead(48)],
    ['moderate', '47 h 59 min before', 22_500, ahead(47, 59)],
    ['moderate', '24 h 1 min before', 22_500, ahead(24, 1)],
    ['moderate', '24 h before', 0, ahead(24)],
    ['moderate', '23 h 59 min before', 0, ahead(23, 59)],
    ['moderate', '0 h 1 min before', 0, ahead(0, 1)],
    ['strict', '72 h 1 min before', 45_000, ahead(72, 1)],
    ['strict', '72 h before', 0, ahead(72)],
    ['strict', '71 h 59 min before', 0, ahead(71, 59)],
    ['strict', '24 h 1 min before', 0, ahead(24, 1)],
  ];

  it.each(cases)('%s, cancelled %s: refund %s', async (policy, _label, expected, at) => {
    const booking = await paidUnder(policy);
    world.clock.set(at);
    const shown = await page(booking.manageToken);

    if (expected === 'too_late') {
      expect(shown).toMatchObject({ can_cancel: false, can_reschedule: false });
      const res = await cancel(booking.manageToken);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { details: { reason: 'too_late' } } });
      expect(await world.rowOf(booking.id)).toMatchObject({ status: 'paid', refundDueMxn: null });
      expect(refundRequestsOf(booking.id)).toEqual([]);
      return;
    }

    // The page says beforehand what the cancel pays back; moving ends 24 hours before whatever the policy.
    expect(shown).toMatchObject({
      cancellation_policy: policy,
      can_cancel: true,
      can_reschedule: at < ahead(24),
      refund_on_cancel_mxn: expected,
    });
    const res = await cancel(booking.manageToken);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as ManagedBooking;
    expect(answer.status).toBe('cancelled');
    expect(answer.refund).toEqual(
      expected > 0 ? { amount_mxn: expected, status: 'refunded', refunded_at: at.toISOString() } : null,
    );
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      refundDueMxn: expected,
      refundNeeded: false,
      refundedAmountMxn: expected > 0 ? expected : null,
    });

    // Through the provider once, with a key naming the amount when it is not the whole payment.
    const requests = refundRequestsOf(booking.id);
    if (expected === 0) {
      expect(requests).toEqual([]);
      expect(refundsOf(booking.id)).toEqual([]);
    } else {
      expect(requests.map((r) => r.idempotencyKey)).toEqual([
        expected === 45_000
          ? refundIdempotencyKey(booking.id)
          : `${refundIdempotencyKey(booking.id)}-${expected}`,
      ]);
      expect(refundsOf(booking.id).map((r) => r.amount)).toEqual([expected]);
    }
  });

  it('refunds half of an odd amount rounded down, once, and the vendor keeps the rest less its commission', async () => {
    const booking = await paidUnder('moderate', 12_345);
    world.clock.set(ahead(30));
    expect((await page(booking.manageToken)).refund_on_cancel_mxn).toBe(6_172);
    expect((await cancel(booking.manageToken)).status).toBe(200);
    // A second press, the sweeper, and Stripe telling of the refund it made: still one refund.
    expect((await cancel(booking.manageToken)).status).toBe(409);
    expect(await world.sweep()).toMatchObject({ refunded: 0 });
    const [refund] = refundsOf(booking.id);
    const event = await world.stripeEvent('charge.refunded', {
      id: `ch_policy_${n}`,
      object: 'charge',
      payment_intent: booking.row.paymentRef,
      amount: 12_345,
      amount_refunded: 6_172,
      refunded: false,
      refunds: { object: 'list', data: [refund] },
      metadata: {},
    });
    expect(event.status).toBe(200);
    expect(await world.sweep()).toMatchObject({ refunded: 0 });
    expect(refundsOf(booking.id).map((r) => r.amount)).toEqual([6_172]);
    expect(await world.rowOf(booking.id)).toMatchObject({
      refundDueMxn: 6_172,
      refundedAmountMxn: 6_172,
      refundNeeded: false,
    });

    // 10% of $123.45 is 1,235 centavos (rounded half up); the refund takes back its share of it,
    // 617, and the vendor keeps the other half of the payment less the commission left on it.
    const row = await world.rowOf(booking.id);
    expect(row.commissionMxn).toBe(1_235);
    const entries = await world.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountMxn })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.appointmentId, booking.id));
    expect(Object.fromEntries(entries.map((e) => [e.kind, e.amount]))).toEqual({
      payment: 11_110,
      commission: 1_235,
      refund: 5_555,
      commission_refund: 617,
    });
    // Its share counts as a paid booking's: pending until the end and the hold, then available.
    expect(
      await vendorBalances(world.db, booking.vendor.id, {
        now: ahead(30),
        holdHours: world.config.payouts.holdHours,
      }),
    ).toMatchObject({ pending: 5_555, available: 0 });
    const later = new Date(START + HOUR + (world.config.payouts.holdHours + 1) * HOUR);
    expect(
      await vendorBalances(world.db, booking.vendor.id, {
        now: later,
        holdHours: world.config.payouts.holdHours,
      }),
    ).toMatchObject({ pending: 0, available: 5_555 });
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });

    // The customer's mail says the part refunded; the vendor's says what it keeps.
    const mails = (await world.db.select().from(outbox)).filter(
      (o) => o.kind === 'mail' && String(o.payload.subject).includes(booking.code),
    );
    const texts = mails.map((m) => String(m.payload.text)).join('\n');
    expect(texts).toContain('te reembolsaremos $61.72 MXN de los $123.45 MXN que pagaste');
    expect(texts).toContain('el cliente recibe $61.72 MXN de los $123.45 MXN que pagó');
  });

  it('keeps the whole payment for the vendor when it is too late for a refund', async () => {
    const booking = await paidUnder('strict');
    world.clock.set(ahead(10));
    expect((await cancel(booking.manageToken)).status).toBe(200);
    expect(refundRequestsOf(booking.id)).toEqual([]);
    const holdHours = world.config.payouts.holdHours;
    const later = new Date(START + HOUR + (holdHours + 1) * HOUR);
    expect(await vendorBalances(world.db, booking.vendor.id, { now: later, holdHours })).toMatchObject({
      available: 40_500,
    });
    const mails = (await world.db.select().from(outbox)).filter(
      (o) => o.kind === 'mail' && String(o.payload.subject).includes(booking.code),
    );
    expect(mails.map((m) => String(m.payload.text)).join('\n')).toContain('ya no hay reembolso');
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
  });

  it('cancels a free booking late under moderate, with nothing to refund', async () => {
    world.clock.set(NOW);
    n++;
    const vendor = await insertVendor(world.db, {
      businessName: `Cerrajería Doctores ${n}`,
      cancellationPolicy: 'moderate',
    });
    const booking = await world.confirmed({
      startTime: THURSDAY_9,
      vendor,
      serviceFields: { durationMinutes: 60, priceCents: 0 },
      customerEmail: `c.${n}@example.test`,
    });
    world.clock.set(ahead(10));
    expect(await page(booking.manageToken)).toMatchObject({
      status: 'confirmed',
      can_cancel: true,
      can_reschedule: false,
      refund_on_cancel_mxn: 0,
    });
    const res = await cancel(booking.manageToken);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as ManagedBooking).refund).toBeNull();
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      refundDueMxn: null,
      refundNeeded: false,
    });
    expect(refundRequestsOf(booking.id)).toEqual([]);
  });

  it('still ends moving 24 hours before under moderate, while cancelling stays open', async () => {
    const booking = await paidUnder('moderate');
    world.clock.set(ahead(24));
    const res = await world.api().bookings.manage.reschedule.$post({
      json: { token: booking.manageToken, startTime: new Date(START + 2 * HOUR).toISOString() },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { details: { reason: 'too_late' } } });
    expect(await page(booking.manageToken)).toMatchObject({ can_cancel: true, can_reschedule: false });
  });

  it('keeps the policy a booking was requested under when the vendor changes theirs, and shows the new one', async () => {
    world.clock.set(NOW);
    n++;
    const client = world.http();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Cerrajera',
      email: `cerrajera.${n}@example.test`,
      password: 'Cerrajera#2026',
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, { userId: user.id, businessName: `Cerrajería Obrera ${n}` });
    const profileOf = async () =>
      (await (await world.http().get(`/api/vendors/${vendor.slug}`)).json()) as PublicVendorDetail;
    expect((await profileOf()).cancellation_policy).toBe('flexible');

    const patched = await client.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { cancellation_policy: 'moderate' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect((await profileOf()).cancellation_policy).toBe('moderate');
    const booking = await world.paid({ startTime: THURSDAY_9, vendor, customerEmail: `d.${n}@example.test` });

    const strict = await client.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { cancellation_policy: 'strict' },
    });
    expect(strict.status).toBe(200);
    expect((await profileOf()).cancellation_policy).toBe('strict');
    expect(await world.rowOf(booking.id)).toMatchObject({ cancellationPolicy: 'moderate' });

    // Under strict nothing would come back at 30 hours; the booking's moderate pays half.
    world.clock.set(ahead(30));
    expect(await page(booking.manageToken)).toMatchObject({
      cancellation_policy: 'moderate',
      refund_on_cancel_mxn: 22_500,
    });
    expect((await cancel(booking.manageToken)).status).toBe(200);
    expect(refundsOf(booking.id).map((r) => r.amount)).toEqual([22_500]);

    const unknown = await client.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { cancellation_policy: 'lenient' },
    });
    expect(unknown.status).toBe(400);
    expect((await profileOf()).cancellation_policy).toBe('strict');
  });

  it('refunds in full what the vendor cancels, and moves no money for a no-show, whatever the policy', async () => {
    world.clock.set(NOW);
    n++;
    const client = world.http();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Cerrajera',
      email: `cerrajera.${n}@example.test`,
      password: 'Cerrajera#2026',
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, {
      userId: user.id,
      businessName: `Cerrajería Obrera ${n}`,
      cancellationPolicy: 'strict',
    });
    const cancelled = await world.paid({
      startTime: THURSDAY_9,
      vendor,
      customerEmail: `e.${n}@example.test`,
    });
    world.clock.set(ahead(10));
    const res = await client.post(`/api/vendor/bookings/${cancelled.id}/cancel`, { reason: 'Enfermedad' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(refundsOf(cancelled.id).map((r) => r.amount)).toEqual([45_000]);
    expect(await world.rowOf(cancelled.id)).toMatchObject({
      refundDueMxn: 45_000,
      refundedAmountMxn: 45_000,
    });

    // A no-show counts as a cancel after the last boundary: nothing is refunded, the payment stays.
    world.clock.set(NOW);
    const missed = await world.paid({
      startTime: new Date(START + 2 * HOUR).toISOString(),
      vendor,
      customerEmail: `f.${n}@example.test`,
    });
    world.clock.set(new Date(START + 2 * HOUR + 5 * MINUTE));
    const marked = await client.post(`/api/vendor/bookings/${missed.id}/no-show`, {});
    expect(marked.status, await marked.clone().text()).toBe(200);
    expect(await world.rowOf(missed.id)).toMatchObject({
      status: 'paid',
      outcome: 'no_show',
      refundNeeded: false,
      refundDueMxn: null,
    });
    expect(refundRequestsOf(missed.id)).toEqual([]);
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
  });
});
