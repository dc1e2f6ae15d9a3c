import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentCheckout, PaymentSessionDetails } from '../../../shared/payment.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox, webhookEvents } from '../../db/schema/messaging.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../integrations/payments/stripe-provider.ts';
import {
  type BookingScenario,
  type BookingSteps,
  createBookingScenario,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from '../../test/booking-scenario.ts';
import { type FakeStripe, signedStripeEvent } from '../../test/fake-stripe.ts';
import { createTestApp } from '../../test/test-app.ts';
import { type TestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, MONDAY_9, NOW, TUESDAY_9 } from '../../test/test-week.ts';
import { newConfirmToken } from '../booking-lifecycle/booking-tokens.ts';
import { manageToken } from '../booking-lifecycle/manage-links.ts';
import type { DevMail } from '../dev-mailbox/dev-mailbox.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';

// Payments through the real app and the real `stripe` SDK, pointed at a local fake Stripe that
// refuses what Stripe would refuse (test/fake-stripe.ts). "Now" is Sunday 2026-11-22 12:00 in
// Mexico City (UTC−6); vendors keep the default week (Mon–Fri 09:00–17:00), lead time 120 minutes.
// MONDAY_9 is 21 h away: its payment deadline is the start. TUESDAY_9 is 45 h away: its deadline is
// the confirmation + 24 h.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe(`payments (${testEngine})`, () => {
  /** The Stripe app, with the fake Stripe behind it. */
  let world: BookingScenario;
  /** The same steps through an app with the sandbox provider, over the same database. */
  let sandbox: BookingSteps;
  let database: TestDatabase;
  let clock: BookingScenario['clock'];
  let fake: FakeStripe;
  /** The server's secret, which the booking page tokens are made with. */
  let secret: string;
  let slot = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true });
    ({ database, clock, secret } = world);
    fake = world.stripe!;
    sandbox = world.over(
      createTestApp(world.database, { clock: world.clock, env: { APP_URL, RATE_LIMITS: 'off' } }).app,
    );
  });
  afterAll(() => world?.close());
  // Whatever order the events came in, the ledger agrees with the bookings and refunds (decision 064).
  afterEach(async () => expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] }));

  /** The payment link of a booking, as the booking page asks for it (in a browser of its own unless given). */
  const appointmentOf = (id: string, token?: string, browser = world.http()) =>
    world.api(browser).payments.appointment[':id'].$get({ param: { id }, query: { token } });
  /** The payment link as the booking page asks for it: with the page's token. */
  const withPageToken = (id: string) => appointmentOf(id, manageToken(world.secret, id));
  const rowOf = (id: string) => world.rowOf(id);
  /** The outbox items about one booking: WhatsApp ones name its id, mails its code. */
  const outboxFor = async (id: string) => {
    const { code } = await rowOf(id);
    return (await world.db.select().from(outbox)).filter(
      (o) =>
        o.payload.appointmentId === id || (o.kind === 'mail' && String(o.payload.subject).includes(code)),
    );
  };

  /** A request with a vendor of its own (so bookings never collide), a 60-minute service at $500. */
  function requested(startTime = MONDAY_9, priceCents = 50_000, through: BookingSteps = world) {
    return through.requested({
      startTime,
      vendorFields: { businessName: `Limpieza Roma ${slot++}` },
      serviceFields: { durationMinutes: 60, priceCents },
      customerEmail: `ana.${slot}@example.test`,
      customerPhone: '+52 55 1234 5678',
      whatsappOptIn: true,
    });
  }

  /** Booked and confirmed through the app: the booking is awaiting payment with its checkout. */
  async function confirmed(through: BookingSteps = world, startTime = MONDAY_9) {
    return through.confirmed(await requested(startTime, 50_000, through));
  }

  const webhook = (event: { payload: string; header: string }, app?: Hono<AppEnv>) =>
    world.stripeWebhook(event, app);
  const sessionEvent = (type: string, sessionId: string, extra: Record<string, unknown> = {}) =>
    world.sessionEvent(type, sessionId, extra);

  it('confirming creates a Stripe checkout in MXN, stores it and sends the link in Spanish', async () => {
    const before = fake.requests.length;
    const { id, code, vendor, row } = await confirmed();
    expect(fake.rejections).toEqual([]);
    const sent = fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.idempotencyKey).toMatch(new RegExp(`^barrio-checkout-${id}-\\d+$`));
    expect(request!.params).toMatchObject({
      mode: 'payment',
      currency: 'mxn',
      client_reference_id: id,
      metadata: { appointment_id: id },
      allowed_payment_method_types: ['card', 'oxxo'],
      success_url: `${APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}&token=${manageToken(secret, id)}`,
      cancel_url: `${APP_URL}/payment-cancel?appointment_id=${id}&token=${manageToken(secret, id)}`,
      line_items: [{ quantity: '1', price_data: { currency: 'mxn', unit_amount: '50000' } }],
    });
    // The start is 21 h away: the checkout and the deadline end at the start.
    expect(Number(request!.params.expires_at) * 1000).toBe(Date.parse(MONDAY_9));
    expect(row).toMatchObject({ status: 'awaiting_payment', paymentDueAt: new Date(MONDAY_9) });
    expect(row.checkoutSessionId).toMatch(/^cs_test_/);
    expect(row.paymentUrl).toBe(fake.sessions.get(row.checkoutSessionId!)!.url);

    const items = await outboxFor(id);
    const linkMail = items.find(
      (o) => o.kind === 'mail' && /confirmada: paga/.test(String(o.payload.subject)),
    );
    expect(linkMail?.payload.to).toBe(`ana.${slot}@example.test`);
    const text = String(linkMail!.payload.text);
    expect(text).toContain(row.paymentUrl!);
    expect(text).toContain('$500 MXN');
    // The deadline in the vendor's timezone (Mexico City, UTC−6): Monday 09:00.
    expect(text).toMatch(/Tienes hasta el lunes, 23 de noviembre de 2026, 9:00/);
    expect(text).toContain(code);
    const whatsapp = items.find((o) => o.kind === 'whatsapp' && o.payload.type === 'payment_link');
    // The link is the message's Pagar button, not a raw link in its text (decision 070).
    expect(whatsapp?.payload).toMatchObject({
      type: 'payment_link',
      to: '+525512345678',
      appointmentId: id,
      text: expect.stringContaining('con el botón Pagar'),
      interactive: { kind: 'cta_url', label: 'Pagar', url: row.paymentUrl },
      template: {
        key: 'payment_link',
        buttons: [{ type: 'url', index: 0, suffix: expect.stringMatching(/^booking\//) }],
      },
    });
    expect(String(whatsapp?.payload.text)).not.toContain('http');
    expect(vendor.timezone).toBe('America/Mexico_City');
  });

  it('keeps expires_at within Stripe’s window when the deadline is 24 h away', async () => {
    const before = fake.requests.length;
    const { row } = await confirmed(world, TUESDAY_9);
    expect(row.paymentDueAt).toEqual(new Date(Date.parse(NOW) + 24 * HOUR));
    const [request] = fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    const expiresAt = Number(request!.params.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(Date.parse(NOW) + 30 * MINUTE);
    expect(expiresAt).toBeLessThanOrEqual(Date.parse(NOW) + 24 * HOUR);
    expect(fake.rejections).toEqual([]);
  });

  it('a start under 30 minutes away: the checkout stays open 30 min, the deadline and the sweeper win', async () => {
    const customer = await requested(TUESDAY_9, 50_000, sandbox); // a customer row to reuse
    const { vendor, service } = customer;
    const { token, hash } = newConfirmToken();
    const start = new Date(Date.parse(NOW) + 20 * MINUTE);
    const customerId = (await rowOf(customer.id)).customerId;
    const [inserted] = await database.db
      .insert(appointments)
      .values({
        vendorProfileId: vendor.id,
        serviceId: service.id,
        customerId,
        customerName: 'Ana López',
        customerEmail: 'ana@example.test',
        startTz: start,
        endTz: new Date(start.getTime() + HOUR),
        amountMxn: 50_000,
        code: 'SOON20',
        confirmTokenHash: hash,
        confirmTokenExpiresAt: start,
        createdAt: new Date(Date.parse(NOW) - HOUR),
      })
      .returning();
    const before = fake.requests.length;
    const res = await world.api().bookings.confirm.$post({ json: { token, action: 'confirm' } });
    expect(res.status).toBe(200);
    const row = await rowOf(inserted!.id);
    expect(row.paymentDueAt).toEqual(start);
    const [request] = fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(Number(request!.params.expires_at) * 1000).toBeGreaterThanOrEqual(Date.parse(NOW) + 30 * MINUTE);
    expect(fake.rejections).toEqual([]);

    clock.advance(20 * MINUTE);
    try {
      const counts = await world.sweep();
      expect(counts.cancelled).toBeGreaterThanOrEqual(1);
      expect(await rowOf(row.id)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_timeout' });
      expect(fake.sessions.get(row.checkoutSessionId!)!.status).toBe('expired');
    } finally {
      clock.set(NOW);
    }
  });

  it('a signed checkout.session.completed (paid) marks the booking paid and tells both parties', async () => {
    const { id, code, vendor, row } = await confirmed();
    fake.complete(row.checkoutSessionId!);
    const res = await webhook(sessionEvent('checkout.session.completed', row.checkoutSessionId!));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: 'paid' });
    expect(await rowOf(id)).toMatchObject({ status: 'paid', paidAt: clock.now(), refundNeeded: false });

    const items = await outboxFor(id);
    const customerMail = items.find(
      (o) => o.kind === 'mail' && /^Pago recibido/.test(String(o.payload.subject)),
    );
    const attachments = customerMail?.payload.attachments as { filename: string; content: string }[];
    expect(attachments[0]!.filename).toBe(`reserva-${code}.ics`);
    expect(attachments[0]!.content).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(attachments[0]!.content).toContain('DTSTART:20261123T150000Z\r\n');
    expect(attachments[0]!.content).toContain(`UID:${id}@barrio`);
    expect(
      items.find(
        (o) =>
          o.kind === 'mail' &&
          o.payload.to === vendor.businessEmail &&
          /pagada/.test(String(o.payload.subject)),
      ),
    ).toBeDefined();
    const received = items.filter((o) => o.kind === 'whatsapp' && o.payload.type === 'payment_received');
    expect(received.map((o) => o.payload.to).sort()).toEqual(['+525512345678', vendor.businessPhone].sort());

    // What /payment-success shows.
    const details = await world.api().payments.session[':sessionId'].$get({
      param: { sessionId: row.checkoutSessionId! },
    });
    expect(details.status).toBe(200);
    expect((await details.json()) as PaymentSessionDetails).toMatchObject({
      appointment_id: id,
      status: 'paid',
      vendor_name: vendor.businessName,
      amount_mxn: 50_000,
      currency: 'MXN',
      timezone: 'America/Mexico_City',
      start_time: MONDAY_9,
      paid_at: NOW.replace('Z', '.000Z'),
    });
  });

  it('refuses a tampered body, a missing or wrong signature and a stale timestamp with 400', async () => {
    const { id, row } = await confirmed();
    const good = sessionEvent('checkout.session.completed', row.checkoutSessionId!, {
      payment_status: 'paid',
    });
    const tampered = { ...good, payload: good.payload.replace('"amount_total":50000', '"amount_total":1') };
    expect(tampered.payload).not.toBe(good.payload);
    expect((await webhook(tampered)).status).toBe(400);
    expect((await webhook({ ...good, header: '' })).status).toBe(400);
    const wrongSecret = signedStripeEvent({
      type: 'checkout.session.completed',
      object: { ...fake.sessions.get(row.checkoutSessionId!), payment_status: 'paid' },
      secret: 'whsec_someone_else',
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    expect((await webhook(wrongSecret)).status).toBe(400);
    const stale = signedStripeEvent({
      type: 'checkout.session.completed',
      object: { ...fake.sessions.get(row.checkoutSessionId!), payment_status: 'paid' },
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000) - WEBHOOK_TOLERANCE_SECONDS - 1,
    });
    const staleRes = await webhook(stale);
    expect(staleRes.status).toBe(400);
    expect(await staleRes.json()).toMatchObject({ error: { code: 'bad_request' } });
    expect(await rowOf(id)).toMatchObject({ status: 'awaiting_payment', paidAt: null });
    const recorded = await database.db.select().from(webhookEvents);
    for (const e of [tampered, wrongSecret, stale])
      expect(recorded.some((r) => r.eventId === e.id)).toBe(false);
    // The untouched original still verifies.
    expect((await webhook(good)).status).toBe(200);
  });

  it('applies the same event once, sent twice and then five times at once', async () => {
    const { id, row } = await confirmed();
    fake.complete(row.checkoutSessionId!);
    const event = sessionEvent('checkout.session.completed', row.checkoutSessionId!);
    const [first, second] = [await webhook(event), await webhook(event)];
    expect(await first.json()).toMatchObject({ outcome: 'paid' });
    expect(await second.json()).toMatchObject({ outcome: 'duplicate' });

    const other = await confirmed();
    fake.complete(other.row.checkoutSessionId!);
    const burst = sessionEvent('checkout.session.completed', other.row.checkoutSessionId!);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(burst)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    for (const booking of [id, other.id]) {
      expect((await rowOf(booking)).status).toBe('paid');
      const paidMails = (await outboxFor(booking)).filter((o) =>
        /^Pago recibido/.test(String(o.payload.subject)),
      );
      expect(paidMails).toHaveLength(1);
    }
    const events = await database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, burst.id)));
    expect(events).toHaveLength(1);
  });

  it.skipIf(testEngine === 'pglite')(
    'two app instances receiving the same event at once apply it once (PostgreSQL only: PGlite is one connection in one process)',
    async () => {
      const second: Database = await openDatabase({ databaseUrl: database.url! });
      try {
        const { app: otherApp } = createTestApp(second, {
          clock,
          env: {
            APP_URL,
            RATE_LIMITS: 'off',
            STRIPE_SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          },
          payments: world.payments,
        });
        const { id, row } = await confirmed();
        fake.complete(row.checkoutSessionId!);
        const event = sessionEvent('checkout.session.completed', row.checkoutSessionId!);
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, i) => webhook(event, i % 2 ? otherApp : world.app)),
        );
        const outcomes = await Promise.all(
          answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome),
        );
        expect(outcomes.sort()).toEqual([
          'duplicate',
          'duplicate',
          'duplicate',
          'duplicate',
          'duplicate',
          'paid',
        ]);
        expect(
          (await outboxFor(id)).filter((o) => /^Pago recibido/.test(String(o.payload.subject))),
        ).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );

  it('payment_status=unpaid (an OXXO voucher) is not paid; async_payment_succeeded then is', async () => {
    const { id, row } = await confirmed();
    fake.complete(row.checkoutSessionId!, 'unpaid');
    const voucher = await webhook(sessionEvent('checkout.session.completed', row.checkoutSessionId!));
    expect(await voucher.json()).toMatchObject({ outcome: 'ignored' });
    expect((await rowOf(id)).status).toBe('awaiting_payment');
    const paid = await webhook(
      sessionEvent('checkout.session.async_payment_succeeded', row.checkoutSessionId!, {
        payment_status: 'paid',
      }),
    );
    expect(await paid.json()).toMatchObject({ outcome: 'paid' });
    expect((await rowOf(id)).status).toBe('paid');
  });

  it('an OXXO voucher left unpaid (async_payment_failed) tells the customer; a new checkout keeps it payable', async () => {
    const { id, code, row } = await confirmed();
    fake.complete(row.checkoutSessionId!, 'unpaid');
    await webhook(sessionEvent('checkout.session.completed', row.checkoutSessionId!));
    const failed = sessionEvent('checkout.session.async_payment_failed', row.checkoutSessionId!);
    const res = await webhook(failed);
    expect(await res.json()).toMatchObject({ outcome: 'payment_failed' });
    const after = await rowOf(id);
    expect(after).toMatchObject({ status: 'awaiting_payment', paymentDueAt: row.paymentDueAt });
    expect(after.checkoutSessionId).toMatch(/^cs_/);
    expect(after.checkoutSessionId).not.toBe(row.checkoutSessionId);
    expect(fake.sessions.get(after.checkoutSessionId!)).toMatchObject({ status: 'open' });
    const subjects = (await outboxFor(id)).map((o) => String(o.payload.subject));
    expect(subjects.filter((s) => s === `Reserva ${code}: tu pago en OXXO no se completó`)).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith(`Reserva ${code} confirmada: paga`))).toHaveLength(2);
    // Sent again: nothing more.
    expect(await (await webhook(failed)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(
      await (
        await webhook(sessionEvent('checkout.session.async_payment_failed', row.checkoutSessionId!))
      ).json(),
    ).toMatchObject({ outcome: 'unchanged' });
    expect((await outboxFor(id)).length).toBe(subjects.length);
    // The new checkout pays it.
    fake.complete(after.checkoutSessionId!);
    const paid = await webhook(sessionEvent('checkout.session.completed', after.checkoutSessionId!));
    expect(await paid.json()).toMatchObject({ outcome: 'paid' });
  });

  it('lateness is judged by when the customer paid: a payment made in time and told late pays the booking', async () => {
    const { id, row } = await confirmed();
    const late = await confirmed(world, TUESDAY_9);
    const due = row.paymentDueAt!;
    fake.complete(row.checkoutSessionId!);
    // Paid a minute before the deadline; Stripe's delivery (retried) arrives 40 minutes after it,
    // before the sweeper has cancelled the booking.
    const paidAt = Math.floor((due.getTime() - MINUTE) / 1000);
    clock.set(new Date(due.getTime() + 40 * MINUTE).toISOString());
    try {
      const session = fake.sessions.get(row.checkoutSessionId!);
      const event = signedStripeEvent({
        type: 'checkout.session.completed',
        object: { ...session },
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(clock.now().getTime() / 1000),
        created: paidAt,
      });
      const res = await webhook(event);
      expect(await res.json()).toMatchObject({ outcome: 'paid' });
      expect(await rowOf(id)).toMatchObject({
        status: 'paid',
        paidAt: new Date(paidAt * 1000),
        refundNeeded: false,
      });

      // A payment made after the deadline is still late, however it is told.
      fake.complete(late.row.checkoutSessionId!);
      clock.set(new Date(late.row.paymentDueAt!.getTime() + 40 * MINUTE).toISOString());
      const after = signedStripeEvent({
        type: 'checkout.session.completed',
        object: { ...fake.sessions.get(late.row.checkoutSessionId!) },
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(clock.now().getTime() / 1000),
        created: Math.floor((late.row.paymentDueAt!.getTime() + MINUTE) / 1000),
      });
      expect(await (await webhook(after)).json()).toMatchObject({ outcome: 'refund_needed' });
      expect(await rowOf(late.id)).toMatchObject({ status: 'cancelled', refundNeeded: false });
    } finally {
      clock.set(NOW);
    }
  });

  it('checkout.session.expired cancels the booking and frees its slot', async () => {
    const { id, vendor, service, row } = await confirmed();
    const res = await webhook(
      sessionEvent('checkout.session.expired', row.checkoutSessionId!, { status: 'expired' }),
    );
    expect(await res.json()).toMatchObject({ outcome: 'cancelled' });
    expect(await rowOf(id)).toMatchObject({ status: 'cancelled', cancelReason: 'payment_timeout' });
    expect(
      (await outboxFor(id)).filter((o) => /cancelada por falta de pago/.test(String(o.payload.subject))),
    ).toHaveLength(2);
    // The same slot can be booked again.
    await world.requested({
      startTime: MONDAY_9,
      vendor,
      service,
      customerEmail: `ana.${slot}@example.test`,
    });
  });

  it('a payment for a booking already cancelled is recorded and flagged for refund', async () => {
    const { id, row } = await confirmed();
    await webhook(sessionEvent('checkout.session.expired', row.checkoutSessionId!, { status: 'expired' }));
    const late = await webhook(
      sessionEvent('checkout.session.async_payment_succeeded', row.checkoutSessionId!, {
        payment_status: 'paid',
      }),
    );
    expect(await late.json()).toMatchObject({ outcome: 'refund_needed' });
    expect(await rowOf(id)).toMatchObject({ status: 'cancelled', refundNeeded: true, paidAt: clock.now() });
    expect((await outboxFor(id)).some((o) => /reembolsaremos/.test(String(o.payload.subject)))).toBe(true);
  });

  it('a late payment told again by another event is refunded once and told once', async () => {
    const { id, row } = await confirmed();
    await webhook(sessionEvent('checkout.session.expired', row.checkoutSessionId!, { status: 'expired' }));
    fake.complete(row.checkoutSessionId!);
    const first = await webhook(
      sessionEvent('checkout.session.async_payment_succeeded', row.checkoutSessionId!),
    );
    expect(await first.json()).toMatchObject({ outcome: 'refund_needed' });
    const again = await webhook(sessionEvent('checkout.session.completed', row.checkoutSessionId!));
    expect(await again.json()).toMatchObject({ outcome: 'already_paid' });
    expect(await rowOf(id)).toMatchObject({
      status: 'cancelled',
      refundNeeded: false,
      refundedAmountMxn: 50_000,
    });
    const paymentRef = fake.sessions.get(row.checkoutSessionId!)!.payment_intent;
    expect(fake.refunds.filter((r) => r.payment_intent === paymentRef)).toHaveLength(1);
    expect(
      (await outboxFor(id)).filter((o) => /reembolsaremos/.test(String(o.payload.subject))),
    ).toHaveLength(1);
  });

  it('the sweeper cancels an unpaid booking past its deadline, closes the checkout and tells both', async () => {
    const { id, row } = await confirmed();
    clock.set(new Date(Date.parse(MONDAY_9) - MINUTE));
    try {
      await world.sweep();
      expect((await rowOf(id)).status).toBe('awaiting_payment');
      clock.set(MONDAY_9);
      // Reads treat the overdue row as cancelled before the sweeper runs.
      const early = await withPageToken(id);
      expect((await early.json()) as AppointmentCheckout).toMatchObject({
        status: 'cancelled',
        payable: false,
        payment_url: null,
      });
      const counts = await world.sweep();
      expect(counts.cancelled).toBeGreaterThanOrEqual(1);
      expect(await rowOf(id)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'payment_timeout',
        cancelledAt: clock.now(),
      });
      expect(fake.sessions.get(row.checkoutSessionId!)!.status).toBe('expired');
      expect(
        (await outboxFor(id)).filter((o) => /cancelada por falta de pago/.test(String(o.payload.subject))),
      ).toHaveLength(2);
      // Idempotent: a second pass changes nothing and sends nothing.
      await world.sweep();
      expect(
        (await outboxFor(id)).filter((o) => /cancelada por falta de pago/.test(String(o.payload.subject))),
      ).toHaveLength(2);
    } finally {
      clock.set(NOW);
    }
  });

  it('a Stripe outage at confirmation: the vendor’s answer stands, the sweeper attaches the checkout once', async () => {
    const { id, confirmToken } = await requested(TUESDAY_9);
    fake.failNext(1);
    const res = await world
      .api()
      .bookings.confirm.$post({ json: { token: confirmToken, action: 'confirm' } });
    expect(res.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      status: 'awaiting_payment',
      checkoutSessionId: null,
      paymentUrl: null,
    });
    const pending = await withPageToken(id);
    expect(await pending.json()).toMatchObject({ payable: true, payment_url: null });

    clock.advance(2 * MINUTE);
    try {
      const counts = await world.sweep();
      expect(counts.attached).toBeGreaterThanOrEqual(1);
      const row = await rowOf(id);
      expect(row.checkoutSessionId).toMatch(/^cs_test_/);
      await world.sweep();
      const links = (await outboxFor(id)).filter(
        (o) => o.kind === 'mail' && /confirmada: paga/.test(String(o.payload.subject)),
      );
      expect(links).toHaveLength(1);
    } finally {
      clock.set(NOW);
    }
    expect(fake.rejections).toEqual([]);
  });

  it('answers the payment pages: session and appointment lookups, unknown ids and bad input', async () => {
    const { id, row } = await confirmed();
    const session = (sessionId: string) =>
      world.api().payments.session[':sessionId'].$get({ param: { sessionId } });
    const retry = await withPageToken(id);
    expect((await retry.json()) as AppointmentCheckout).toMatchObject({
      appointment_id: id,
      status: 'awaiting_payment',
      payable: true,
      payment_url: row.paymentUrl,
      payment_due_at: MONDAY_9,
    });
    const unknownSession = await session('cs_test_unknown');
    expect(unknownSession.status).toBe(404);
    expect(await unknownSession.json()).toMatchObject({ error: { message: 'Reserva No Encontrada' } });
    expect((await session('not a session')).status).toBe(400);
    expect((await appointmentOf('not-a-uuid')).status).toBe(400);
    expect((await appointmentOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // A request the vendor has not confirmed has no payment step.
    const pending = await requested();
    expect((await withPageToken(pending.id)).status).toBe(404);
  });

  it('answers the payment link only with the booking page token or to the owner signed in', async () => {
    const { id, row } = await confirmed();
    const other = await confirmed();
    const stranger = world.http();
    const notFound = {
      error: { code: 'not_found', reason: 'booking_not_found', message: 'Reserva No Encontrada' },
    };
    // By the id alone (it is in Stripe's metadata, in URLs, in logs): the 404 of an unknown booking.
    const byId = await appointmentOf(id, undefined, stranger);
    expect(byId.status).toBe(404);
    expect(await byId.json()).toEqual(notFound);
    // Another booking's token, a forged one, an empty one.
    for (const token of [manageToken(secret, other.id), manageToken('another-secret', id), '']) {
      const res = await appointmentOf(id, token, stranger);
      expect(res.status, token).toBe(404);
    }
    // A signed-in account that does not own it.
    const someone = world.http();
    const signUp = await someone.post('/api/auth/sign-up/email', {
      name: 'Otra Persona',
      email: `otra.${slot}@example.test`,
      password: 'Secreto#2026',
    });
    expect(signUp.status).toBe(200);
    expect((await appointmentOf(id, undefined, someone)).status).toBe(404);
    // With its own token: the payment link.
    const withToken = await appointmentOf(id, manageToken(secret, id), stranger);
    expect(await withToken.json()).toMatchObject({ appointment_id: id, payment_url: row.paymentUrl });
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    // The owner, signed in, needs no token: an account with the booking's email, proven.
    const owner = world.http();
    await owner.post('/api/auth/sign-in/magic-link', { email: row.customerEmail });
    const mailbox = (await (await owner.get('/api/dev/mailbox')).json()) as DevMail[];
    const link = new URL(mailbox.find((m) => m.to === row.customerEmail)!.links[0]!);
    await owner.post('/api/auth/magic-link/verify', { token: link.searchParams.get('token') });
    const asOwner = await appointmentOf(id, undefined, owner);
    expect(asOwner.status).toBe(200);
    expect(await asOwner.json()).toMatchObject({ appointment_id: id, payment_url: row.paymentUrl });
  });

  it('the sandbox: the same service path as the webhook, once; cancel goes back; closed checkouts refuse', async () => {
    const { id, row } = await confirmed(sandbox);
    expect(row.checkoutSessionId).toMatch(/^cs_sandbox_[0-9a-f]{40}$/);
    expect(row.paymentUrl).toBe(`${APP_URL}/sandbox/checkout/${row.checkoutSessionId}`);
    const c = sandbox.http();
    const page = await c.get(`/api/sandbox/checkout/${row.checkoutSessionId}`);
    expect(await page.json()).toMatchObject({
      appointment_id: id,
      amount_mxn: 50_000,
      payable: true,
      currency: 'MXN',
    });

    const cancel = await c.post(`/api/sandbox/checkout/${row.checkoutSessionId}/cancel`);
    expect(await cancel.json()).toEqual({
      redirect_url: `/payment-cancel?appointment_id=${id}&token=${manageToken(secret, id)}`,
    });
    expect((await rowOf(id)).status).toBe('awaiting_payment');

    const foreign = await c.post(
      `/api/sandbox/checkout/${row.checkoutSessionId}/pay`,
      {},
      {
        headers: { origin: 'https://evil.test' },
      },
    );
    expect(foreign.status).toBe(403);
    const [a, b] = await Promise.all([
      c.post(`/api/sandbox/checkout/${row.checkoutSessionId}/pay`),
      c.post(`/api/sandbox/checkout/${row.checkoutSessionId}/pay`),
    ]);
    for (const res of [a!, b!]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        redirect_url: `/payment-success?session_id=${row.checkoutSessionId}&token=${manageToken(secret, id)}`,
      });
    }
    expect(await rowOf(id)).toMatchObject({ status: 'paid', paidAt: clock.now() });
    expect(
      (await outboxFor(id)).filter((o) => /^Pago recibido/.test(String(o.payload.subject))),
    ).toHaveLength(1);
    const events = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.provider, 'sandbox'));
    expect(events.filter((e) => e.eventId.includes(row.checkoutSessionId!))).toHaveLength(1);

    // Past its deadline a sandbox checkout takes no payment, like an expired Stripe one.
    const late = await confirmed(sandbox);
    clock.set(MONDAY_9);
    try {
      const refused = await c.post(`/api/sandbox/checkout/${late.row.checkoutSessionId}/pay`);
      expect(refused.status).toBe(410);
      expect((await rowOf(late.id)).status).toBe('awaiting_payment');
    } finally {
      clock.set(NOW);
    }
    expect((await c.get('/api/sandbox/checkout/cs_sandbox_unknown')).status).toBe(404);
  });

  it('the sandbox pays back at once a payment that lost the race with a cancellation, as Stripe’s webhook does', async () => {
    const { id, row } = await confirmed(sandbox);
    // The customer cancels between the checkout page's read and the Pay click's effect.
    const db = database.db;
    let raced = false;
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<typeof db.transaction>) => {
          if (!raced) {
            raced = true;
            await db
              .update(appointments)
              .set({ status: 'cancelled', cancelReason: 'customer', cancelledAt: clock.now() })
              .where(eq(appointments.id, id));
          }
          return db.transaction(...args);
        };
      },
    });
    const { app } = createTestApp(
      { ...database, db: racing },
      { clock, env: { APP_URL, RATE_LIMITS: 'off' } },
    );
    const res = await world.over(app).http().post(`/api/sandbox/checkout/${row.checkoutSessionId}/pay`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      status: 'cancelled',
      refundNeeded: false,
      refundedAmountMxn: 50_000,
      refundId: expect.stringMatching(/^re_sandbox_/),
    });
  });

  it('mounts the sandbox only for the sandbox provider outside production; the Stripe webhook only for Stripe', async () => {
    expect((await world.http().get('/api/sandbox/checkout/cs_sandbox_x')).status).toBe(404);
    const { app: production } = createTestApp(database, {
      // Production requires an https APP_URL.
      env: { APP_URL: 'https://barrio.test', NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) },
    });
    expect((await world.over(production).http().get('/api/sandbox/checkout/cs_sandbox_x')).status).toBe(404);
    const stray = signedStripeEvent({
      type: 'checkout.session.completed',
      object: {},
      secret: WEBHOOK_SECRET,
    });
    expect((await webhook(stray, sandbox.app)).status).toBe(404);
  });
});
