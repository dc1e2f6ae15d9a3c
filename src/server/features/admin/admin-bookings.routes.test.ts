import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../shared/admin.schemas.ts';
import type {
  AdminBookingDetail,
  AdminBookingPage,
  ResentPaymentLink,
} from '../../../shared/admin-bookings.schemas.ts';
import { grantAdminByEmail } from '../../auth/roles.service.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { type TestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, MONDAY_10, NOW, THURSDAY_9, WEDNESDAY_9 } from '../../test/test-week.ts';
import { refundIdempotencyKey } from '../booking-lifecycle/refund-booking.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { adminBookingPages } from './admin-bookings-csv.ts';

// Decision 049: the admin's Bookings tab over the real app, with Stripe (a local
// fake that checks what we send, and counts refunds). "Now" is Sunday 2026-11-22 12:00 in Mexico
// City; vendors keep the default week (Mon–Fri 09:00–17:00).
const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`the admin's bookings (${testEngine})`, () => {
  let world: BookingScenario;
  let database: TestDatabase;
  let clock: BookingScenario['clock'];
  let fake: FakeStripe;
  let admin: HttpClient;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true, oxxo: false });
    ({ database, clock } = world);
    fake = world.stripe!;
    admin = world.http();
    const signUp = await admin.post('/api/auth/sign-up/email', {
      name: 'Admin Barrio',
      email: 'admin.bookings@example.test',
      password: 'Admin#Barrio2026',
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    expect(await grantAdminByEmail(database.db, 'admin.bookings@example.test')).toBe(true);
  });
  afterAll(() => world?.close());
  // Whatever order the events came in, the ledger agrees with the bookings and refunds (decision 064).
  afterEach(async () => expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] }));

  const rowOf = (id: string) => world.rowOf(id);
  const sweep = () => world.sweep();
  const refundsOf = (id: string) => fake.refunds.filter((r) => r.metadata.appointment_id === id);
  /** The admin's API, signed in. */
  const adminApi = () => world.api(admin).admin;
  const oneBooking = () => adminApi().bookings[':id'];
  const detail = async (id: string) =>
    (await (await oneBooking().$get({ param: { id } })).json()) as AdminBookingDetail;
  type ListQuery = Parameters<ReturnType<typeof adminApi>['bookings']['$get']>[0]['query'];
  /** The list, filtered; the page's offset and limit have defaults, so a test may leave them out. */
  const list = async (query: Partial<ListQuery>) => {
    const res = await adminApi().bookings.$get({ query: query as ListQuery });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AdminBookingPage;
  };
  const cancel = (id: string, reason?: string) =>
    oneBooking().cancel.$post({ param: { id }, json: { reason } });
  const pressRefund = (id: string) => oneBooking().refund.$post({ param: { id } });
  const markRefunded = (id: string, reference: string) =>
    oneBooking()['mark-refunded'].$post({ param: { id }, json: { reference } });
  const resendPaymentLink = (id: string) => oneBooking()['resend-payment-link'].$post({ param: { id } });
  const mailsTo = async (to: string) =>
    (await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'))).filter(
      (o) => o.payload.to === to,
    );

  /** A vendor of its own with a 60-minute service at $450.00, and a request for it. */
  async function requested(startTime = WEDNESDAY_9, customerEmail?: string) {
    clock.set(NOW);
    n++;
    const email = customerEmail ?? `lucia.${n}@example.test`;
    const booking = await world.requested({
      startTime,
      vendorFields: {
        businessName: `Jardinería Coyoacán ${n}`,
        businessPhone: `+5255123411${String(n).padStart(2, '0')}`,
      },
      serviceFields: { durationMinutes: 60, priceCents: 45_000 },
      customerName: 'Lucía Fernández',
      customerEmail: email,
      customerPhone: '+52 55 8765 4321',
      whatsappOptIn: true,
      notes: 'Timbre 3',
    });
    return { ...booking, email };
  }

  async function confirmed(startTime = WEDNESDAY_9) {
    const booking = await requested(startTime);
    return { ...(await world.confirmed(booking)), email: booking.email };
  }

  /** A refund made at Stripe, in the dashboard, outside Barrio: only Stripe's events tell of it. */
  const refundedInDashboard = (booking: Awaited<ReturnType<typeof paid>>, amountMxn: number) =>
    world.payments.refund({
      appointmentId: booking.id,
      sessionId: booking.row.checkoutSessionId!,
      paymentRef: booking.row.paymentRef,
      amountMxn,
      idempotencyKey: `dashboard-${booking.id}`,
      now: new Date(NOW),
    });

  /** A Stripe event about any object, signed now. */
  const webhook = (type: string, object: Record<string, unknown>) => world.stripeEvent(type, object);

  /** Paid by card: Stripe takes the payment and tells us (checkout.session.completed). */
  async function paid(startTime = WEDNESDAY_9) {
    const booking = await confirmed(startTime);
    return { ...(await world.paid(booking)), email: booking.email };
  }

  describe('the list', () => {
    it('shows every booking newest first, paged, with the number of all matches', async () => {
      const first = await requested();
      clock.set('2026-11-22T18:05:00Z');
      const second = await requested(THURSDAY_9);
      // requested() puts the clock back to NOW; the second was still made after the first.
      await database.db
        .update(appointments)
        .set({ createdAt: new Date('2026-11-22T18:05:00Z') })
        .where(eq(appointments.id, second.id));
      const page = await list({ limit: '2' });
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(page.items.map((b) => b.code)).toEqual([second.code, first.code]);
      expect(page.items[0]).toMatchObject({
        status: 'pending_vendor',
        start_time: THURSDAY_9,
        timezone: 'America/Mexico_City',
        amount_mxn: 45_000,
        vendor: { id: second.vendor.id, name: second.vendor.businessName },
        customer_name: 'Lucía Fernández',
        customer_email: second.email,
        refund_state: 'none',
      });
      const next = await list({ limit: '1', offset: '1' });
      expect(next.items.map((b) => b.code)).toEqual([first.code]);
    });

    it('filters by vendor, status as people read it, start time, code and email', async () => {
      const booking = await requested(MONDAY_10, 'Someone.Special@Example.test');
      const vendor = { vendor_profile_id: booking.vendor.id };
      expect((await list(vendor)).items.map((b) => b.code)).toEqual([booking.code]);
      expect((await list({ ...vendor, status: 'pending_vendor' })).total).toBe(1);
      expect((await list({ ...vendor, status: 'paid' })).total).toBe(0);
      // A code, whole or its beginning, in any case; an email by any part of it.
      expect((await list({ q: booking.code.toLowerCase() })).items.map((b) => b.code)).toContain(
        booking.code,
      );
      expect((await list({ ...vendor, q: booking.code.slice(0, 3) })).total).toBe(1);
      expect((await list({ q: 'special@example' })).items.map((b) => b.code)).toEqual([booking.code]);
      expect((await list({ q: 'nobody-like-this' })).total).toBe(0);
      // The start: from inclusive, to exclusive.
      const from = MONDAY_10;
      const to = '2026-11-23T17:00:00.000Z';
      expect((await list({ ...vendor, from, to })).total).toBe(1);
      expect((await list({ ...vendor, to: from })).total).toBe(0);
      // Past the vendor's answer deadline the request reads as expired, before any sweeper.
      clock.set('2026-11-23T16:00:00Z');
      expect((await list({ ...vendor, status: 'expired' })).items.map((b) => b.status)).toEqual(['expired']);
      expect((await list({ ...vendor, status: 'pending_vendor' })).total).toBe(0);
      clock.set(NOW);
    });

    it('`scheduled` lists exactly what the "Services scheduled" card counts', async () => {
      const pending = await requested(THURSDAY_9);
      const unpaid = await confirmed(MONDAY_10);
      const done = await paid(WEDNESDAY_9);
      const card = async () =>
        ((await (await adminApi().stats.$get()).json()) as AdminStats).services_scheduled;
      const scheduled = await list({ status: 'scheduled', limit: '50' });
      expect(scheduled.total).toBe(await card());
      const codes = scheduled.items.map((b) => b.code);
      expect(codes).toEqual(expect.arrayContaining([unpaid.code, done.code]));
      expect(codes).not.toContain(pending.code);
      for (const b of scheduled.items) expect(['awaiting_payment', 'confirmed', 'paid']).toContain(b.status);
      // Past its payment deadline an unpaid booking reads as cancelled: it leaves both at once.
      clock.set(new Date(unpaid.row.paymentDueAt!.getTime() + 60_000).toISOString());
      const later = await list({ status: 'scheduled', limit: '50' });
      expect(later.items.map((b) => b.code)).not.toContain(unpaid.code);
      expect(later.total).toBe(await card());
      expect(later.total).toBeLessThan(scheduled.total);
      clock.set(NOW);
    });

    it('refuses bad filters with a 400 naming the field', async () => {
      const filters = [
        'status=lost',
        'vendor_profile_id=42',
        'from=yesterday',
        `from=${encodeURIComponent(THURSDAY_9)}&to=${encodeURIComponent(WEDNESDAY_9)}`,
        'refund=maybe',
      ];
      for (const query of [...filters, 'limit=51', 'offset=-1']) {
        // Bad input on purpose, which the typed client would not send: the raw query strings.
        const res = await admin.get(`/api/admin/bookings?${query}`);
        expect(res.status, query).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
      }
      for (const query of filters)
        expect((await admin.get(`/api/admin/bookings.csv?${query}`)).status, query).toBe(400);
      expect((await oneBooking().$get({ param: { id: MISSING } })).status).toBe(404);
      expect((await oneBooking().$get({ param: { id: 'not-an-id' } })).status).toBe(400);
    });
  });

  describe('one booking', () => {
    it('shows the timeline, the contact, the notes, the payment and the refund', async () => {
      const booking = await paid();
      expect(await detail(booking.id)).toMatchObject({
        code: booking.code,
        status: 'paid',
        vendor: {
          id: booking.vendor.id,
          name: booking.vendor.businessName,
          phone: booking.vendor.businessPhone,
        },
        customer_name: 'Lucía Fernández',
        customer_email: booking.email,
        customer_phone: '+525587654321',
        notes: 'Timbre 3',
        timeline: {
          requested_at: booking.row.createdAt.toISOString(),
          confirmed_at: NOW.replace('Z', '.000Z'),
          paid_at: NOW.replace('Z', '.000Z'),
          ended_at: null,
          cancel_reason: null,
        },
        payment: { payment_url: null, has_checkout: true },
        refund: { state: 'none', amount_mxn: 0, error: null },
        actions: { can_cancel: true, can_refund: false, can_resend_payment_link: false },
      });
    });
  });

  describe('cancel', () => {
    it('cancels a paid booking with a full refund, once, recorded, both sides told that Barrio did', async () => {
      const booking = await paid(THURSDAY_9);
      clock.set('2026-11-26T12:00:00Z'); // three hours before: too late for the customer, not for an admin
      const res = await cancel(booking.id, 'El proveedor enfermó');
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({
        status: 'cancelled',
        timeline: {
          cancel_reason: 'admin',
          cancel_note: 'El proveedor enfermó',
          ended_at: '2026-11-26T12:00:00.000Z',
        },
        refund: {
          state: 'refunded',
          amount_mxn: 45_000,
          refunded_at: '2026-11-26T12:00:00.000Z',
          error: null,
        },
        actions: { can_cancel: false, can_refund: false, can_resend_payment_link: false },
      });
      const refunds = refundsOf(booking.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: 45_000, payment_intent: booking.row.paymentRef });
      expect(
        fake.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST').at(-1)?.idempotencyKey,
      ).toBe(refundIdempotencyKey(booking.id));
      expect(await rowOf(booking.id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'admin',
        refundNeeded: false,
        refundId: refunds[0]!.id,
        refundedAmountMxn: 45_000,
      });

      // The customer and the vendor learn that Barrio cancelled it, by mail and WhatsApp.
      const customerMails = await mailsTo(booking.email);
      expect(customerMails.map((m) => m.payload.subject)).toContain(`Cancelamos tu reserva ${booking.code}`);
      expect(
        String(customerMails.find((m) => String(m.payload.subject).startsWith('Cancelamos'))?.payload.text),
      ).toContain('Motivo: El proveedor enfermó');
      const vendorMails = await mailsTo(booking.vendor.businessEmail!);
      expect(vendorMails.map((m) => m.payload.subject)).toContain(
        `Reserva ${booking.code} cancelada por Barrio`,
      );
      const whatsapp = (await database.db.select().from(outbox).where(eq(outbox.kind, 'whatsapp'))).filter(
        (o) => o.payload.appointmentId === booking.id && String(o.payload.text).startsWith('Barrio canceló'),
      );
      expect(whatsapp.map((o) => o.payload.to).sort()).toEqual(
        [booking.vendor.businessPhone, '+525587654321'].sort(),
      );

      // Pressed again: nothing changes, no second refund.
      const again = await cancel(booking.id);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
      expect(refundsOf(booking.id)).toHaveLength(1);
      clock.set(NOW);
    });

    it('cancels an unpaid booking for free and closes its checkout', async () => {
      const booking = await confirmed();
      const res = await cancel(booking.id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'cancelled', refund: { state: 'none' } });
      expect(fake.sessions.get(booking.row.checkoutSessionId!)?.status).toBe('expired');
      expect(refundsOf(booking.id)).toEqual([]);
      expect((await mailsTo(booking.email)).map((m) => m.payload.text).join('\n')).toContain(
        'No se hizo ningún cargo.',
      );
    });

    it('refuses bad input and unknown bookings, changing nothing', async () => {
      const booking = await requested();
      const before = await rowOf(booking.id);
      const long = await cancel(booking.id, 'x'.repeat(501));
      expect(long.status).toBe(400);
      expect((await cancel(MISSING)).status).toBe(404);
      expect((await pressRefund(booking.id)).status).toBe(409);
      expect(await rowOf(booking.id)).toEqual(before);
    });
  });

  describe('refund', () => {
    it('pays back an owed refund once however often it is pressed or retried, with the error shown meanwhile', async () => {
      const booking = await paid();
      // The customer cancels while Stripe is down: the refund is owed, and the detail says why.
      fake.failNext(1);
      const token = booking.manageToken;
      const byCustomer = await world
        .api()
        .bookings.manage.cancel.$post({ json: { token, reason: undefined } });
      expect(byCustomer.status).toBe(200);
      const owed = await detail(booking.id);
      expect(owed).toMatchObject({
        status: 'cancelled',
        timeline: { cancel_reason: 'customer' },
        refund: { state: 'owed', amount_mxn: 45_000, refunded_at: null },
        actions: { can_refund: true, can_cancel: false },
      });
      expect(owed.refund.error).toEqual(expect.any(String));
      expect(refundsOf(booking.id)).toEqual([]);
      expect((await list({ refund: 'owed' })).items.map((b) => b.code)).toContain(booking.code);

      // Three presses at once, and the sweeper at the same moment: one refund at Stripe.
      const presses = await Promise.all([
        pressRefund(booking.id),
        pressRefund(booking.id),
        pressRefund(booking.id),
        sweep(),
      ]);
      for (const press of presses.slice(0, 3) as Response[]) expect([200, 409]).toContain(press.status);
      expect(refundsOf(booking.id)).toHaveLength(1);
      const keys = fake.requests
        .filter((r) => r.path === '/v1/refunds' && r.method === 'POST')
        .filter((r) => r.idempotencyKey?.startsWith(refundIdempotencyKey(booking.id)));
      expect(new Set(keys.map((r) => r.idempotencyKey))).toEqual(new Set([refundIdempotencyKey(booking.id)]));
      expect(await detail(booking.id)).toMatchObject({
        refund: {
          state: 'refunded',
          amount_mxn: 45_000,
          refund_id: refundsOf(booking.id)[0]!.id,
          error: null,
        },
        actions: { can_refund: false },
      });
      // Pressed later again: already refunded, nothing more at Stripe.
      const late = await pressRefund(booking.id);
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ error: { details: { reason: 'already_refunded' } } });
      expect(refundsOf(booking.id)).toHaveLength(1);
      expect((await list({ refund: 'refunded' })).items.map((b) => b.code)).toContain(booking.code);
    });

    it('answers a provider failure with its words and keeps the refund owed', async () => {
      const booking = await paid();
      fake.failNext(1);
      await cancel(booking.id);
      expect((await detail(booking.id)).refund.state).toBe('owed');
      fake.failNext(1);
      const res = await pressRefund(booking.id);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { details: { reason: 'provider_failed' } } });
      expect((await detail(booking.id)).refund).toMatchObject({ state: 'owed', error: expect.any(String) });
      const ok = await pressRefund(booking.id);
      expect(ok.status).toBe(200);
      expect(refundsOf(booking.id)).toHaveLength(1);
    });

    it('pays back only what is left after a partial refund made in the Stripe dashboard', async () => {
      const booking = await paid();
      // Someone refunds $100.00 in the dashboard; Stripe tells us with charge.refunded.
      await refundedInDashboard(booking, 10_000);
      const event = await webhook('charge.refunded', {
        id: `ch_${booking.id.slice(0, 8)}`,
        object: 'charge',
        payment_intent: booking.row.paymentRef,
        amount_refunded: 10_000,
        refunded: false,
        metadata: { appointment_id: booking.id },
      });
      expect(event.status).toBe(200);
      const res = await cancel(booking.id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ refund: { state: 'refunded', amount_mxn: 45_000 } });
      expect(refundsOf(booking.id).map((r) => r.amount)).toEqual([10_000, 35_000]);
      expect(fake.rejections).toEqual([]);
    });
    it('owes a refund again when the card network returns it (refund.failed), and pays it back with a new key', async () => {
      const booking = await paid();
      expect((await cancel(booking.id)).status).toBe(200);
      const [first] = refundsOf(booking.id);
      // The customer's card was closed: Stripe tells us the refund failed, and the money is back.
      const intent = fake.paymentIntents.get(booking.row.paymentRef!)!;
      intent.amount_refunded -= first!.amount;
      Object.assign(first!, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
      const failed = { ...first!, status: 'failed', failure_reason: 'expired_or_canceled_card' };
      const res = await webhook('refund.failed', failed);
      expect(await res.json()).toMatchObject({ outcome: 'refund_failed' });
      // Told twice: nothing more changes.
      expect(await (await webhook('refund.failed', failed)).json()).toMatchObject({ outcome: 'unchanged' });
      const owed = await detail(booking.id);
      expect(owed.refund).toMatchObject({ state: 'owed', amount_mxn: 45_000, refunded_at: null });
      expect(owed.refund.error).toContain('expired_or_canceled_card');
      expect(owed.actions.can_refund).toBe(true);

      const again = await pressRefund(booking.id);
      expect(again.status, await again.clone().text()).toBe(200);
      const refunds = refundsOf(booking.id);
      expect(refunds).toHaveLength(2);
      expect(
        fake.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST').at(-1)?.idempotencyKey,
      ).toBe(`${refundIdempotencyKey(booking.id)}-after-${first!.id}`);
      expect(await again.json()).toMatchObject({
        refund: { state: 'refunded', amount_mxn: 45_000, refund_id: refunds[1]!.id, error: null },
      });
    });
  });

  describe('refunds as Stripe tells of them, in any order (decision 056)', () => {
    /** A paid booking cancelled by an admin and refunded in full: its one refund at Stripe. */
    async function refundedOnce() {
      const booking = await paid();
      expect((await cancel(booking.id)).status).toBe(200);
      const [refund] = refundsOf(booking.id);
      return { booking, refund: refund! };
    }
    const charge = (booking: { id: string; row: { paymentRef: string | null } }, amountRefunded: number) => ({
      id: `ch_${booking.id.slice(0, 8)}`,
      object: 'charge',
      amount: 45_000,
      amount_refunded: amountRefunded,
      currency: 'mxn',
      refunded: amountRefunded === 45_000,
      payment_intent: booking.row.paymentRef,
      metadata: { appointment_id: booking.id },
    });

    it('a charge.refunded arriving after the refund.failed of the same refund leaves the money owed', async () => {
      const { booking, refund } = await refundedOnce();
      // Stripe made charge.refunded when it took the refund, then refund.failed when the card
      // network returned it; the second arrives first.
      const failed = fake.failRefund(refund.id);
      expect(await (await webhook('refund.failed', { ...failed })).json()).toMatchObject({
        outcome: 'refund_failed',
      });
      const late = await webhook('charge.refunded', charge(booking, 45_000));
      expect(late.status).toBe(200);
      const owed = await detail(booking.id);
      expect(owed.refund).toMatchObject({ state: 'owed', amount_mxn: 45_000 });
      expect(owed.refund.error).toContain('expired_or_canceled_card');
      expect((await rowOf(booking.id)).refundedAmountMxn).toBeNull();
      // A refund.updated of the same refund from before it failed changes nothing either.
      await webhook('refund.updated', { ...failed, status: 'succeeded', failure_reason: null });
      expect((await detail(booking.id)).refund.state).toBe('owed');

      // The money owed is asked for again, once.
      expect((await pressRefund(booking.id)).status).toBe(200);
      const refunds = refundsOf(booking.id);
      expect(refunds.map((r) => [r.amount, r.status])).toEqual([
        [45_000, 'failed'],
        [45_000, 'succeeded'],
      ]);
      // Its own charge.refunded and refund.created, late and twice, count it once.
      for (const _ of [1, 2]) {
        await webhook('charge.refunded', charge(booking, 45_000));
        await webhook('refund.created', { ...refunds[1]! });
      }
      expect(await detail(booking.id)).toMatchObject({ refund: { state: 'refunded', amount_mxn: 45_000 } });
      expect((await rowOf(booking.id)).refundedAmountMxn).toBe(45_000);
    });

    it('a partial refund made in the dashboard never closes the whole refund owed', async () => {
      const booking = await paid();
      // Cancelled while Stripe is down: $450.00 owed.
      fake.failNext(1);
      expect((await cancel(booking.id)).status).toBe(200);
      // Someone pays back $100.00 from the dashboard.
      await refundedInDashboard(booking, 10_000);
      expect((await webhook('charge.refunded', charge(booking, 10_000))).status).toBe(200);
      expect((await detail(booking.id)).refund).toMatchObject({ state: 'owed', amount_mxn: 35_000 });
      expect((await list({ refund: 'owed' })).items.map((b) => b.code)).toContain(booking.code);
      // The rest, and only the rest.
      expect((await pressRefund(booking.id)).status).toBe(200);
      expect(refundsOf(booking.id).map((r) => r.amount)).toEqual([10_000, 35_000]);
      expect(await detail(booking.id)).toMatchObject({ refund: { state: 'refunded', amount_mxn: 45_000 } });
    });

    it('a refund that keeps failing can be retried, or marked refunded with a reference, once', async () => {
      const booking = await paid();
      fake.failNext(2);
      expect((await cancel(booking.id)).status).toBe(200);
      expect((await pressRefund(booking.id)).status).toBe(503);
      const owed = await detail(booking.id);
      expect(owed).toMatchObject({
        refund: { state: 'owed', amount_mxn: 45_000, error: expect.any(String), reference: null },
        actions: { can_refund: true, can_mark_refunded: true },
      });
      for (const body of [
        {},
        { reference: '   ' },
        { reference: 'SPEI\u0007 123' },
        { reference: 'x'.repeat(201) },
      ]) {
        // Bad input on purpose, which the typed client would not send: the raw body.
        const refused = await admin.post(`/api/admin/bookings/${booking.id}/mark-refunded`, body);
        expect(refused.status).toBe(400);
      }
      expect((await detail(booking.id)).refund.state).toBe('owed');
      const [a, b] = await Promise.all([
        markRefunded(booking.id, ' SPEI 0012345 '),
        markRefunded(booking.id, 'SPEI 0012345'),
      ]);
      expect([a!.status, b!.status].sort()).toEqual([200, 409]);
      expect(await detail(booking.id)).toMatchObject({
        refund: { state: 'refunded', amount_mxn: 45_000, reference: 'SPEI 0012345', error: null },
        actions: { can_refund: false, can_mark_refunded: false },
      });
      // Nothing is asked of Stripe any more: not by a press, not by the sweeper.
      expect((await pressRefund(booking.id)).status).toBe(409);
      await sweep();
      expect(refundsOf(booking.id)).toEqual([]);
      expect((await rowOf(booking.id)).refundNeeded).toBe(false);
    });

    it('a refund owed without a checkout (a seeded booking) can still be recorded by an admin', async () => {
      const booking = await requested();
      await database.db
        .update(appointments)
        .set({ status: 'cancelled', paidAt: new Date(NOW), refundNeeded: true, cancelledAt: new Date(NOW) })
        .where(eq(appointments.id, booking.id));
      expect(await detail(booking.id)).toMatchObject({
        refund: { state: 'owed', amount_mxn: 45_000 },
        actions: { can_refund: false, can_mark_refunded: true },
      });
      const res = await markRefunded(booking.id, 'Efectivo, recibo 88');
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({
        refund: { state: 'refunded', reference: 'Efectivo, recibo 88' },
      });
    });

    it('a second paid checkout for a booking already paid is refunded in full, once, not dropped', async () => {
      const booking = await paid();
      const stripe = world.payments;
      // Another checkout of the same booking (a second tab) is paid too.
      const second = await stripe.createCheckout({
        appointmentId: booking.id,
        amountMxn: 45_000,
        description: 'Jardinería',
        customerEmail: booking.email,
        expiresAt: new Date(new Date(NOW).getTime() + 2 * 3_600_000),
        successUrl: `${APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${APP_URL}/payment-cancel?appointment_id=${booking.id}`,
        idempotencyKey: `second-tab-${booking.id}`,
      });
      const session = fake.complete(second.sessionId);
      // Stripe is down when it arrives: the refund waits for the sweeper.
      fake.failNext(2);
      const res = await webhook('checkout.session.completed', { ...session });
      expect(await res.json()).toMatchObject({ outcome: 'refund_needed' });
      expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toEqual([]);
      await sweep();
      expect(await (await webhook('checkout.session.completed', { ...session })).json()).toMatchObject({
        outcome: 'already_paid',
      });
      await sweep();
      expect(
        fake.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount),
      ).toEqual([45_000]);
      expect(fake.refunds.filter((r) => r.payment_intent === booking.row.paymentRef)).toEqual([]);
      expect(await rowOf(booking.id)).toMatchObject({
        status: 'paid',
        paymentRef: booking.row.paymentRef,
        refundNeeded: false,
        refundedAmountMxn: null,
      });
    });

    it('concurrent Refund now presses: one 200, the rest 409, one refund at Stripe', async () => {
      const booking = await paid();
      fake.failNext(1);
      expect((await cancel(booking.id)).status).toBe(200);
      const presses = await Promise.all([1, 2, 3, 4].map(() => pressRefund(booking.id)));
      expect(presses.map((p) => p.status).sort()).toEqual([200, 409, 409, 409]);
      for (const press of presses.filter((p) => p.status === 409))
        expect(await press.json()).toMatchObject({ error: { details: { reason: 'already_refunded' } } });
      expect(refundsOf(booking.id)).toHaveLength(1);
    });
  });

  describe('resend the payment link', () => {
    it('sends the open checkout again while the booking awaits its payment, and refuses otherwise', async () => {
      const booking = await confirmed();
      const sessions = fake.sessions.size;
      const linksBefore = (await mailsTo(booking.email)).length;
      const res = await resendPaymentLink(booking.id);
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.json()) as ResentPaymentLink).toEqual({
        payment_url: booking.row.paymentUrl,
        payment_due_at: booking.row.paymentDueAt!.toISOString(),
      });
      expect(fake.sessions.size).toBe(sessions);
      expect((await mailsTo(booking.email)).length).toBe(linksBefore + 1);

      const settled = await paid();
      const refused = await resendPaymentLink(settled.id);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: { details: { reason: 'not_payable' } } });
    });

    it('makes the checkout that was never stored, within the payment deadline', async () => {
      const booking = await requested();
      fake.failNext(1);
      const answer = await world.api().bookings.confirm.$post({
        json: { token: booking.confirmToken, action: 'confirm' },
      });
      expect(answer.status).toBe(200);
      expect((await rowOf(booking.id)).checkoutSessionId).toBeNull();
      const res = await resendPaymentLink(booking.id);
      expect(res.status, await res.clone().text()).toBe(200);
      const row = await rowOf(booking.id);
      expect(row.checkoutSessionId).not.toBeNull();
      expect(((await res.json()) as ResentPaymentLink).payment_url).toBe(row.paymentUrl);
    });
  });

  describe('the CSV export', () => {
    it('streams the filtered list as CSV, escaped, with formulas defused', async () => {
      const booking = await requested(WEDNESDAY_9);
      await database.db
        .update(appointments)
        .set({ customerName: '=HYPERLINK("http://evil.test","clic")', notes: 'Línea 1\nLínea 2, "interior"' })
        .where(eq(appointments.id, booking.id));
      const res = await adminApi()['bookings.csv'].$get({ query: { vendor_profile_id: booking.vendor.id } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="barrio-bookings-2026-11-22.csv"',
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      // The byte-order mark first, so that Excel reads the accents as UTF-8.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      const [header, line, end, none] = text.split('\r\n');
      expect(header).toBe(
        'code,status,created_at,start_time,end_time,timezone,vendor,service,customer_name,customer_email,customer_phone,amount_mxn,paid_at,cancelled_at,cancel_reason,refund_state,refunded_amount_mxn,refunded_at,notes',
      );
      expect(line).toContain(`${booking.code},pending_vendor,`);
      expect(line).toContain(
        `,"'=HYPERLINK(""http://evil.test"",""clic"")",${booking.email},+525587654321,450.00,`,
      );
      expect(line).toContain(',none,,,"Línea 1\nLínea 2, ""interior"""');
      expect([end, none]).toEqual(['', undefined]); // one row, and the file ends with its CRLF
    });

    it('pages through every row once, rows made in the same millisecond included', async () => {
      const booking = await requested(WEDNESDAY_9);
      const vendorId = booking.vendor.id;
      const same = new Date('2026-11-22T17:00:00.123Z');
      // 7 rows in one millisecond (microseconds apart) across pages of 3.
      for (let i = 0; i < 7; i++) {
        const [row] = await database.db
          .insert(appointments)
          .values({
            ...(await rowOf(booking.id)),
            id: undefined,
            code: `P${i}CSV${n}`.slice(0, 6),
            confirmTokenHash: null,
            status: 'expired',
            createdAt: new Date(same.getTime()),
          } as typeof appointments.$inferInsert)
          .returning({ id: appointments.id });
        await database.db
          .update(appointments)
          .set({ createdAt: sql`${appointments.createdAt} + make_interval(secs => ${i / 1_000_000})` })
          .where(eq(appointments.id, row!.id));
      }
      const codes: string[] = [];
      for await (const page of adminBookingPages({
        db: database.db,
        filter: { vendor_profile_id: vendorId },
        now: clock.now(),
        pageRows: 3,
      }))
        codes.push(...page.map((r) => r.code));
      expect(codes).toHaveLength(8);
      expect(new Set(codes).size).toBe(8);
      expect(codes[0]).toBe(booking.code);
    });
  });
});
