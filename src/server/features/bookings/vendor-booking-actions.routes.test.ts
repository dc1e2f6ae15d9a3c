import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemsResponse, ManagedBooking, VendorBooking } from '../../../shared/booking.schemas.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { changedTables, fingerprintTables } from '../../test/db-fingerprint.ts';
import { insertVendor, testManageLink } from '../../test/factories.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, NOW, WEDNESDAY_9 } from '../../test/test-week.ts';
import { requestReviews } from '../booking-lifecycle/request-reviews.ts';

// Decision 094: the vendor's own actions on a booking already agreed, from the dashboard. "Now" is
// Sunday 2026-11-22 12:00 in Mexico City; the bookings are on Wednesday at 09:00, paid by card at
// Stripe (a local fake that records each refund).

describe(`the vendor cancels a booking (${testEngine})`, () => {
  let world: BookingScenario;
  let fake: FakeStripe;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true, oxxo: false });
    fake = world.stripe!;
  });
  afterAll(() => world?.close());

  /** A vendor account signed in, with its vendor profile (a phone, so WhatsApp notices go out). */
  async function signedInVendor() {
    n++;
    const client = world.http();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `proveedora.${n}@example.test`,
      password: 'Proveedora#2026',
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, {
      userId: user.id,
      businessName: `Plomería Narvarte ${n}`,
      businessPhone: `+5255123400${String(n).padStart(2, '0')}`,
    });
    return { client, vendor };
  }

  /** A paid booking of a vendor of its own (a new one unless given), the customer opted into WhatsApp. */
  async function paidBooking(owner?: Awaited<ReturnType<typeof signedInVendor>>) {
    world.clock.set(NOW);
    const { client, vendor } = owner ?? (await signedInVendor());
    const booking = await world.paid({
      startTime: WEDNESDAY_9,
      vendor,
      customerEmail: `ana.${n}.${Math.random().toString(36).slice(2, 6)}@example.test`,
      customerPhone: '+52 55 1234 5678',
      whatsappOptIn: true,
    });
    expect(booking.row.status).toBe('paid');
    return { ...booking, client, vendor };
  }

  const cancel = (client: HttpClient, id: string, body: unknown) =>
    client.post(`/api/vendor/bookings/${id}/cancel`, body);
  const refundsOf = (id: string) => fake.refunds.filter((r) => r.metadata.appointment_id === id);
  const page = async (token: string) =>
    (await (await world.api().bookings.manage.$get({ query: { token } })).json()) as ManagedBooking;
  async function outboxOf(id: string, code: string) {
    return (await world.db.select().from(outbox)).filter(
      (o) =>
        o.payload.appointmentId === id || (o.kind === 'mail' && String(o.payload.subject).includes(code)),
    );
  }

  it('cancels a paid booking with a reason: refunded in full once, the customer and the vendor told', async () => {
    const booking = await paidBooking();
    world.clock.advance(HOUR);
    const res = await cancel(booking.client, booking.id, { reason: '  Se descompuso mi auto  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id: booking.id, code: booking.code, status: 'cancelled' });
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'vendor',
      cancelNote: 'Se descompuso mi auto',
      cancelledAt: new Date('2026-11-22T19:00:00Z'),
      refundNeeded: false,
      refundedAmountMxn: 45_000,
    });
    expect(refundsOf(booking.id)).toHaveLength(1);
    expect(refundsOf(booking.id)[0]).toMatchObject({
      amount: 45_000,
      payment_intent: booking.row.paymentRef,
    });

    // The booking page says who cancelled, why, and the refund.
    expect(await page(booking.manageToken)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'vendor',
      cancel_note: 'Se descompuso mi auto',
      refund: { amount_mxn: 45_000, status: 'refunded' },
      can_cancel: false,
    });

    const items = await outboxOf(booking.id, booking.code);
    const customerMail = items.find((o) => /El proveedor canceló tu reserva/.test(String(o.payload.subject)));
    expect(customerMail?.payload.text).toContain('Motivo: Se descompuso mi auto');
    expect(customerMail?.payload.text).toContain('importe completo, $450');
    const customerWhatsApp = items.find(
      (o) =>
        o.kind === 'whatsapp' &&
        (o.payload.template as { key?: string } | undefined)?.key === 'customer_cancelled_by_vendor',
    );
    expect(customerWhatsApp?.payload.to).toBe('+525512345678');
    expect(String(customerWhatsApp?.payload.text)).toMatch(/canceló tu reserva[\s\S]*Motivo: Se descompuso/);
    const vendorMail = items.find(
      (o) =>
        o.payload.to === booking.vendor.businessEmail &&
        /Cancelaste la reserva/.test(String(o.payload.subject)),
    );
    expect(vendorMail?.payload.text).toContain('Motivo: Se descompuso mi auto');
    const vendorNotice = items.find(
      (o) =>
        o.payload.type === 'booking_notice' &&
        (o.payload.template as { key: string }).key === 'booking_cancelled_by_you',
    );
    expect(vendorNotice?.payload.to).toBe(booking.vendor.businessPhone);

    // A second press: refused, and still one refund.
    const again = await cancel(booking.client, booking.id, { reason: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
    expect(refundsOf(booking.id)).toHaveLength(1);
    expect(await world.sweep()).toMatchObject({ refunded: 0 });
    expect((await world.rowOf(booking.id)).cancelNote).toBe('Se descompuso mi auto');
  });

  it('cancels a free confirmed booking: nothing to refund, the customer told nothing was charged', async () => {
    world.clock.set(NOW);
    const { client, vendor } = await signedInVendor();
    const booking = await world.confirmed({
      startTime: WEDNESDAY_9,
      vendor,
      serviceFields: { priceCents: 0 },
      customerEmail: `gratis.${n}@example.test`,
    });
    expect(booking.row.status).toBe('confirmed');
    const res = await cancel(client, booking.id, { reason: 'Me enfermé' });
    expect(res.status).toBe(200);
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'vendor',
      refundNeeded: false,
    });
    expect(refundsOf(booking.id)).toEqual([]);
    const customerMail = (await world.mailsTo(`gratis.${n}@example.test`)).find((m) =>
      /El proveedor canceló/.test(m.subject),
    );
    expect(customerMail?.text).toContain('No se hizo ningún cargo.');
  });

  it('refuses a bad reason (400), another vendor’s booking (404), a request and a started booking (409), changing nothing', async () => {
    const booking = await paidBooking();
    const stranger = await signedInVendor();
    const before = await fingerprintTables(world.db, { except: ['rate_limits'] });
    const longReason = 'x'.repeat(501);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: longReason }, { reason: 5 }]) {
      const res = await cancel(booking.client, booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const notTheirs = await cancel(stranger.client, booking.id, { reason: 'No es mía' });
    expect(notTheirs.status).toBe(404);
    expect((await cancel(booking.client, 'not-a-uuid', { reason: 'x' })).status).toBe(400);
    // Not signed in as a vendor.
    expect((await cancel(world.http(), booking.id, { reason: 'x' })).status).toBe(401);
    expect(changedTables(before, await fingerprintTables(world.db, { except: ['rate_limits'] }))).toEqual([]);

    // A request still waiting for the answer is declined, not cancelled.
    const request = await world.requested({ startTime: '2026-11-26T15:00:00.000Z', vendor: booking.vendor });
    const pending = await cancel(booking.client, request.id, { reason: 'No puedo' });
    expect(pending.status).toBe(409);
    expect((await world.rowOf(request.id)).status).toBe('pending_vendor');

    // Once the booking has started, cancelling gives way to marking how it went.
    world.clock.set(WEDNESDAY_9);
    const started = await cancel(booking.client, booking.id, { reason: 'Tarde' });
    expect(started.status).toBe(409);
    expect(await started.json()).toMatchObject({ error: { reason: 'booking_started' } });

    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'paid',
      cancelReason: null,
      cancelNote: null,
      refundNeeded: false,
    });
    expect(refundsOf(booking.id)).toEqual([]);
  });

  it('refuses a booking the customer already cancelled (409), with one refund', async () => {
    const booking = await paidBooking();
    const byCustomer = await world
      .api()
      .bookings.manage.cancel.$post({ json: { token: booking.manageToken } });
    expect(byCustomer.status).toBe(200);
    const res = await cancel(booking.client, booking.id, { reason: 'Ya no' });
    expect(res.status).toBe(409);
    expect(await world.rowOf(booking.id)).toMatchObject({ cancelReason: 'customer', cancelNote: null });
    expect(refundsOf(booking.id)).toHaveLength(1);
  });

  // On PostgreSQL the requests run on separate connections of the pool; on PGlite they interleave.
  it('a customer cancel against a vendor cancel at once: one wins, the other is told, one refund', async () => {
    const owner = await signedInVendor();
    for (let round = 0; round < 4; round++) {
      const booking = await paidBooking(owner);
      const [byCustomer, byVendor] = await Promise.all([
        world.api().bookings.manage.cancel.$post({ json: { token: booking.manageToken } }),
        cancel(booking.client, booking.id, { reason: 'Se me cruzó otra cita' }),
      ]);
      const statuses = [byCustomer.status, byVendor.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = byCustomer.status === 409 ? byCustomer : byVendor;
      expect(await loser.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
      expect(await world.rowOf(booking.id)).toMatchObject({
        status: 'cancelled',
        cancelReason: byVendor.status === 200 ? 'vendor' : 'customer',
        refundedAmountMxn: 45_000,
      });
      expect(refundsOf(booking.id)).toHaveLength(1);
    }
    expect(await world.sweep()).toMatchObject({ refunded: 0 });
  });
});

describe(`the vendor marks how a booking went (${testEngine})`, () => {
  let world: BookingScenario;
  let fake: FakeStripe;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true, oxxo: false });
    fake = world.stripe!;
  });
  afterAll(() => world?.close());

  async function signedInVendor() {
    n++;
    const client = world.http();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Estilista',
      email: `estilista.${n}@example.test`,
      password: 'Estilista#2026',
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, { userId: user.id, businessName: `Estética Roma ${n}` });
    return { client, vendor };
  }

  async function paidBooking() {
    world.clock.set(NOW);
    const { client, vendor } = await signedInVendor();
    const booking = await world.paid({
      startTime: WEDNESDAY_9,
      vendor,
      customerEmail: `cliente.${n}@example.test`,
    });
    return { ...booking, client, vendor };
  }

  const mark = (client: HttpClient, id: string, what: 'complete' | 'no-show') =>
    client.post(`/api/vendor/bookings/${id}/${what}`);
  const listed = async (client: HttpClient, id: string) =>
    ((await (await client.get('/api/vendor/bookings')).json()) as ItemsResponse<VendorBooking>).items.find(
      (b) => b.id === id,
    );
  const refundsOf = (id: string) => fake.refunds.filter((r) => r.metadata.appointment_id === id);

  it('refuses before the start with a clear 409, and offers the cancel instead', async () => {
    const booking = await paidBooking();
    expect(await listed(booking.client, booking.id)).toMatchObject({
      status: 'paid',
      outcome: null,
      can_cancel: true,
      can_mark_outcome: false,
    });
    world.clock.set(new Date(new Date(WEDNESDAY_9).getTime() - 60_000));
    for (const what of ['complete', 'no-show'] as const) {
      const res = await mark(booking.client, booking.id, what);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { reason: 'booking_not_started' } });
    }
    expect(await world.rowOf(booking.id)).toMatchObject({ status: 'paid', outcome: null, outcomeAt: null });
  });

  it('marks a paid booking completed once its start has passed: the status and the money stay', async () => {
    const booking = await paidBooking();
    world.clock.set(WEDNESDAY_9);
    expect(await listed(booking.client, booking.id)).toMatchObject({
      can_cancel: false,
      can_mark_outcome: true,
    });
    const res = await mark(booking.client, booking.id, 'complete');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id: booking.id, code: booking.code, outcome: 'completed' });
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'paid',
      outcome: 'completed',
      outcomeAt: new Date(WEDNESDAY_9),
      refundNeeded: false,
      refundedAmountMxn: null,
    });
    expect(await listed(booking.client, booking.id)).toMatchObject({
      outcome: 'completed',
      can_cancel: false,
      can_mark_outcome: false,
    });
    // Marked once: neither press again nor the other outcome changes it.
    for (const what of ['complete', 'no-show'] as const) {
      const again = await mark(booking.client, booking.id, what);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
    }
    expect((await world.rowOf(booking.id)).outcome).toBe('completed');
    const page = (await (
      await world.api().bookings.manage.$get({ query: { token: booking.manageToken } })
    ).json()) as ManagedBooking;
    expect(page).toMatchObject({ status: 'paid', outcome: 'completed' });
  });

  it('marks a no-show: nothing refunded, the booking page says so, and no review is asked for', async () => {
    const booking = await paidBooking();
    world.clock.set(new Date(new Date(WEDNESDAY_9).getTime() + 20 * 60_000));
    const res = await mark(booking.client, booking.id, 'no-show');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'paid',
      outcome: 'no_show',
      refundNeeded: false,
    });
    expect(refundsOf(booking.id)).toEqual([]);
    world.clock.set(new Date(new Date(WEDNESDAY_9).getTime() + 6 * HOUR));
    const page = (await (
      await world.api().bookings.manage.$get({ query: { token: booking.manageToken } })
    ).json()) as ManagedBooking;
    expect(page).toMatchObject({ status: 'paid', outcome: 'no_show', took_place: false });
    await requestReviews({ db: world.db, now: world.clock.now(), manageLink: testManageLink });
    expect((await world.rowOf(booking.id)).reviewRequestedAt).toBeNull();
    expect(refundsOf(booking.id)).toEqual([]);
  });

  it('refuses a request, a cancelled booking (409) and another vendor’s booking (404)', async () => {
    const booking = await paidBooking();
    const request = await world.requested({ startTime: '2026-11-26T15:00:00.000Z', vendor: booking.vendor });
    const cancelled = await world.paid({ startTime: '2026-11-27T15:00:00.000Z', vendor: booking.vendor });
    expect(
      (await world.api().bookings.manage.cancel.$post({ json: { token: cancelled.manageToken } })).status,
    ).toBe(200);
    world.clock.set('2026-11-28T15:00:00.000Z');
    for (const id of [request.id, cancelled.id]) {
      const res = await mark(booking.client, id, 'complete');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
    }
    const stranger = await signedInVendor();
    expect((await mark(stranger.client, booking.id, 'no-show')).status).toBe(404);
    expect((await mark(booking.client, 'nope', 'no-show')).status).toBe(400);
    expect(await world.rowOf(booking.id)).toMatchObject({ outcome: null });
    expect(await world.rowOf(cancelled.id)).toMatchObject({ status: 'cancelled', outcome: null });
  });

  it('completed against no-show at once: one wins, the other is told, the outcome is one of them', async () => {
    for (let round = 0; round < 3; round++) {
      const booking = await paidBooking();
      world.clock.set(WEDNESDAY_9);
      const [done, noShow] = await Promise.all([
        mark(booking.client, booking.id, 'complete'),
        mark(booking.client, booking.id, 'no-show'),
      ]);
      expect([done.status, noShow.status].sort()).toEqual([200, 409]);
      expect((await world.rowOf(booking.id)).outcome).toBe(done.status === 200 ? 'completed' : 'no_show');
    }
  });
});
