import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../../shared/booking.schemas.ts';
import type { PublicVendorDetail } from '../../../shared/vendor.schemas.ts';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { vendorProfileChanges, vendorProfiles } from '../../db/schema/vendors.ts';
import {
  type BookingScenario,
  type BookingSteps,
  createBookingScenario,
} from '../../test/booking-scenario.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, MONDAY_9, NOW, TUESDAY_9 } from '../../test/test-week.ts';
import { checkLedger } from '../ledger/ledger-check.ts';

// Instant booking (decision 097) through the real app: a vendor with it on has a request that fits the
// calendar confirmed at once, the checkout opened right away with the hold as its deadline; the sweeper
// that cancels every unpaid booking frees the slot once the hold passes. "Now" is Sunday 2026-11-22
// 12:00 in Mexico City (UTC−6); TUESDAY_9 is 45 h away, so the hold ends first.
const MINUTE = 60_000;
const HOLD = 30 * MINUTE;

describe(`instant booking (${testEngine})`, () => {
  let world: BookingScenario;
  let fake: FakeStripe;
  /** The same app with the sandbox provider, over the same database. */
  let sandbox: BookingSteps;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true });
    fake = world.stripe!;
    sandbox = world.over(
      createTestApp(world.database, { clock: world.clock, env: { APP_URL, RATE_LIMITS: 'off' } }).app,
    );
  });
  afterAll(() => world?.close());
  afterEach(async () => {
    world.clock.set(NOW);
    expect(await checkLedger(world.db)).toEqual({ ok: true, problems: [] });
  });

  async function instantVendor(priceCents = 50_000, instantBooking = true) {
    n++;
    const vendor = await insertVendor(world.db, { businessName: `Brillo Inmediato ${n}`, instantBooking });
    const service = await insertService(world.db, vendor.id, { durationMinutes: 60, priceCents });
    return { vendor, service };
  }

  async function book(
    { vendor, service }: Awaited<ReturnType<typeof instantVendor>>,
    startTime = TUESDAY_9,
    through: BookingSteps = world,
  ) {
    const res = await through.http().post('/api/bookings', {
      vendorId: vendor.slug,
      serviceId: service.id,
      startTime,
      customerName: 'Ana López',
      customerEmail: `ana.${n}@example.test`,
      customerPhone: '+52 55 1234 5678',
      whatsappOptIn: true,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CreateBookingResponse;
  }

  const itemsOf = async (id: string, code: string) =>
    (await world.db.select().from(outbox)).filter(
      (o) =>
        o.payload.appointmentId === id || (o.kind === 'mail' && String(o.payload.subject).includes(code)),
    );

  it('confirms at once, opens the checkout with the hold as its deadline and answers its payment_url', async () => {
    const booked = await instantVendor();
    const before = fake.requests.length;
    const body = await book(booked);
    const row = await world.rowOf(body.id);
    const due = new Date(Date.parse(NOW) + HOLD);

    expect(body).toMatchObject({
      status: 'awaiting_payment',
      payment_url: row.paymentUrl,
      payment_due_at: due.toISOString(),
    });
    expect(body.payment_url).toBe(fake.sessions.get(row.checkoutSessionId!)!.url);
    expect(row).toMatchObject({
      status: 'awaiting_payment',
      confirmedAt: new Date(NOW),
      paymentDueAt: due,
      // No answer was given or asked for: no confirm link, and no reply in the response time.
      answeredAt: null,
      confirmTokenHash: null,
      confirmTokenExpiresAt: null,
    });
    expect(row.checkoutSessionId).toMatch(/^cs_test_/);
    // Stripe keeps a checkout at least 30 minutes: it closes a minute after the hold, and the
    // sweeper closes it at the hold's end.
    const created = fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(created).toHaveLength(1);
    expect(Number(created[0]!.params.expires_at) * 1000).toBe(due.getTime() + MINUTE);
    expect(fake.rejections).toEqual([]);

    const items = await itemsOf(body.id, body.code);
    const mails = items.filter((o) => o.kind === 'mail');
    // The vendor is told of a confirmed booking, not asked to answer.
    const vendorMail = mails.find((o) => o.payload.to === booked.vendor.businessEmail);
    expect(String(vendorMail?.payload.subject)).toBe(
      `Nueva reserva ${body.code} confirmada · Limpieza profunda`,
    );
    expect(String(vendorMail?.payload.text)).toContain('no necesitas confirmarla');
    expect(String(vendorMail?.payload.text)).not.toContain('vendor-confirm');
    const vendorWhatsApp = items.find(
      (o) => o.kind === 'whatsapp' && o.payload.to === booked.vendor.businessPhone,
    );
    expect(vendorWhatsApp?.payload).toMatchObject({
      type: 'booking_notice',
      template: {
        key: 'booking_instant',
        parameters: [body.code, 'Limpieza profunda', expect.any(String), 'Ana López'],
      },
    });
    // The customer: confirmed, pay now, by the hold's end; no "awaiting the vendor" receipt.
    const customerMails = mails.filter((o) => o.payload.to === `ana.${n}@example.test`);
    expect(customerMails.map((o) => o.payload.subject)).toEqual([
      `Reserva ${body.code} confirmada: paga para asegurarla`,
    ]);
    expect(String(customerMails[0]!.payload.text)).toContain(row.paymentUrl!);
    expect(String(customerMails[0]!.payload.text)).toMatch(
      /Tienes hasta el domingo, 22 de noviembre de 2026, 12:30/,
    );
    expect(
      items.find((o) => o.kind === 'whatsapp' && o.payload.type === 'payment_link')?.payload,
    ).toMatchObject({
      to: '+525512345678',
      interactive: { kind: 'cta_url', url: row.paymentUrl },
    });
  });

  it('a booking paid within the hold stays paid when the hold passes', async () => {
    const body = await book(await instantVendor());
    const { checkoutSessionId } = await world.rowOf(body.id);
    world.clock.set(new Date(Date.parse(NOW) + HOLD - MINUTE));
    fake.complete(checkoutSessionId!);
    const paid = await world.stripeWebhook(
      world.sessionEvent('checkout.session.completed', checkoutSessionId!),
    );
    expect(await paid.json()).toMatchObject({ outcome: 'paid' });

    world.clock.set(new Date(Date.parse(NOW) + 2 * HOLD));
    await world.sweep();
    expect(await world.rowOf(body.id)).toMatchObject({
      status: 'paid',
      refundNeeded: false,
      cancelledAt: null,
    });
  });

  it('unpaid past the hold: the sweeper cancels it, closes the checkout and the slot is bookable again', async () => {
    const booked = await instantVendor();
    const body = await book(booked);
    const row = await world.rowOf(body.id);

    world.clock.set(new Date(row.paymentDueAt!.getTime() - 1000));
    await world.sweep();
    expect((await world.rowOf(body.id)).status).toBe('awaiting_payment');
    // While it holds, the slot is taken.
    const taken = await world.http().post('/api/bookings', {
      vendorId: booked.vendor.id,
      serviceId: booked.service.id,
      startTime: TUESDAY_9,
      customerName: 'Beto Ruiz',
      customerEmail: 'beto@example.test',
    });
    expect(taken.status).toBe(409);

    world.clock.set(row.paymentDueAt!);
    await world.sweep();
    expect(await world.rowOf(body.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'payment_timeout',
      cancelledAt: row.paymentDueAt,
    });
    expect(fake.sessions.get(row.checkoutSessionId!)!.status).toBe('expired');
    expect(
      (await itemsOf(body.id, body.code)).filter((o) =>
        /cancelada por falta de pago/.test(String(o.payload.subject)),
      ),
    ).toHaveLength(2);

    const again = await book(booked);
    expect(again).toMatchObject({ status: 'awaiting_payment', payment_url: expect.any(String) });
  });

  it('two customers racing for one instant slot: one is confirmed with its checkout, the other told 409', async () => {
    const booked = await instantVendor();
    const before = fake.requests.length;
    const attempt = (who: string) =>
      world.http().post('/api/bookings', {
        vendorId: booked.vendor.id,
        serviceId: booked.service.id,
        startTime: TUESDAY_9,
        customerName: who,
        customerEmail: `${who.toLowerCase()}@example.test`,
      });
    const answers = await Promise.all([attempt('Ana'), attempt('Beto'), attempt('Carla')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ error: { code: 'conflict', reason: 'slot_taken' } });
    // One checkout, for the one booking made.
    expect(fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('a payment arriving after the hold is refunded once, and the booking stays cancelled', async () => {
    const body = await book(await instantVendor());
    const row = await world.rowOf(body.id);
    world.clock.set(row.paymentDueAt!);
    await world.sweep();
    fake.complete(row.checkoutSessionId!);
    const late = await world.stripeWebhook(
      world.sessionEvent('checkout.session.async_payment_succeeded', row.checkoutSessionId!),
    );
    expect(await late.json()).toMatchObject({ outcome: 'refund_needed' });
    const again = await world.stripeWebhook(
      world.sessionEvent('checkout.session.completed', row.checkoutSessionId!),
    );
    expect(await again.json()).toMatchObject({ outcome: 'already_paid' });
    expect(await world.rowOf(body.id)).toMatchObject({
      status: 'cancelled',
      refundNeeded: false,
      refundedAmountMxn: 50_000,
    });
    const paymentRef = fake.sessions.get(row.checkoutSessionId!)!.payment_intent;
    expect(fake.refunds.filter((r) => r.payment_intent === paymentRef)).toHaveLength(1);
    expect(
      (await itemsOf(body.id, body.code)).filter((o) => /reembolsaremos/.test(String(o.payload.subject))),
    ).toHaveLength(1);
  });

  it('a free service is confirmed at once with nothing to pay and its calendar invitation', async () => {
    const before = fake.requests.length;
    const body = await book(await instantVendor(0));
    expect(body).toMatchObject({ status: 'confirmed', payment_url: null, payment_due_at: null });
    expect(body.message).toMatch(/nothing to pay/);
    expect(await world.rowOf(body.id)).toMatchObject({
      status: 'confirmed',
      confirmedAt: new Date(NOW),
      paymentDueAt: null,
      checkoutSessionId: null,
    });
    expect(fake.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions')).toEqual([]);
    const customerMail = (await itemsOf(body.id, body.code)).find(
      (o) => o.kind === 'mail' && o.payload.to === `ana.${n}@example.test`,
    );
    expect(customerMail?.payload).toMatchObject({
      subject: `Reserva ${body.code} confirmada`,
      text: expect.stringContaining('No hay nada que pagar'),
      attachments: [{ filename: `reserva-${body.code}.ics` }],
    });
    // Nothing to pay, nothing to cancel.
    world.clock.set(new Date(Date.parse(NOW) + 2 * HOLD));
    await world.sweep();
    expect((await world.rowOf(body.id)).status).toBe('confirmed');
  });

  it('a vendor with instant booking off gets a request as before', async () => {
    const booked = await instantVendor(50_000, false);
    const before = fake.requests.length;
    const body = await book(booked, MONDAY_9);
    expect(body).toMatchObject({ status: 'pending_vendor', payment_url: null, payment_due_at: null });
    expect(body.message).toMatch(/8 hours/);
    const row = await world.rowOf(body.id);
    expect(row).toMatchObject({ status: 'pending_vendor', confirmedAt: null, paymentDueAt: null });
    expect(row.confirmTokenHash).toEqual(expect.any(String));
    expect(fake.requests.length).toBe(before);
    const vendorMail = (await itemsOf(body.id, body.code)).find(
      (o) => o.kind === 'mail' && o.payload.to === booked.vendor.businessEmail,
    );
    expect(String(vendorMail?.payload.subject)).toMatch(/^Nueva solicitud de reserva/);
  });

  it('the sandbox checkout opens at once too, and its Pay button pays the booking', async () => {
    const body = await book(await instantVendor(), TUESDAY_9, sandbox);
    const row = await world.rowOf(body.id);
    expect(body.payment_url).toBe(row.paymentUrl);
    expect(body.payment_url).toMatch(new RegExp(`^${APP_URL}/sandbox/checkout/`));
    const pay = await sandbox.http().post(`/api/sandbox/checkout/${row.checkoutSessionId}/pay`);
    expect(pay.status, await pay.clone().text()).toBe(200);
    expect((await world.rowOf(body.id)).status).toBe('paid');
  });

  it('a checkout the provider fails to create leaves the booking confirmed; the sweeper attaches it', async () => {
    const booked = await instantVendor();
    fake.failNext(1);
    const body = await book(booked);
    expect(body).toMatchObject({ status: 'awaiting_payment', payment_url: null });
    expect((await world.rowOf(body.id)).checkoutSessionId).toBeNull();
    world.clock.set(new Date(Date.parse(NOW) + 2 * MINUTE));
    await world.sweep();
    const row = await world.rowOf(body.id);
    expect(row.checkoutSessionId).toMatch(/^cs_test_/);
    // Its deadline stays the hold's end.
    expect(row.paymentDueAt).toEqual(new Date(Date.parse(NOW) + HOLD));
  });

  it('the vendor turns it on by PATCH, which changes only that field; the public profile shows it', async () => {
    const email = `inmediato.${Date.now()}@example.test`;
    const signup = await world.http().post('/api/vendor/signup', {
      business_name: 'Plomería Al Instante',
      business_phone: '55 8765 4321',
      business_phone_country: 'MX',
      business_email: email,
      password: 'Brillo#2026',
      bio: 'Fugas y calentadores',
      experience_years: 8,
      service_category: 'Limpieza del Hogar',
      service_areas: ['Roma Norte'],
      languages: ['Spanish'],
      address: 'Calle Colima 1, Roma Norte',
      buffer_minutes: 45,
      advance_booking_days: 30,
      lead_time_minutes: 240,
      availability: defaultWeeklyAvailability(),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const { vendorProfileId, slug } = (await signup.json()) as { vendorProfileId: string; slug: string };
    await world.db
      .update(vendorProfiles)
      .set({ applicationStatus: 'approved' })
      .where(eq(vendorProfiles.id, vendorProfileId));
    const vendor = world.http();
    await vendor.signIn(email, 'Brillo#2026');
    const before = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(before.instant_booking).toBe(false);

    const on = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { instant_booking: true },
    });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toEqual({ ...before, instant_booking: true });
    expect(await (await vendor.get('/api/vendor/profile')).json()).toEqual({
      ...before,
      instant_booking: true,
    });
    // Listed among the approved vendor's published changes, for the admins.
    const changes = await world.db
      .select({ changes: vendorProfileChanges.changes })
      .from(vendorProfileChanges)
      .where(eq(vendorProfileChanges.vendorProfileId, vendorProfileId));
    expect(changes.map((c) => c.changes)).toContainEqual({ instant_booking: true });

    const publicProfile = (await (
      await world.http().get(`/api/vendors/${slug}`)
    ).json()) as PublicVendorDetail;
    expect(publicProfile.instant_booking).toBe(true);

    const refused = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { instant_booking: 'yes' },
    });
    expect(refused.status).toBe(400);
    const off = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { instant_booking: false },
    });
    expect(await off.json()).toEqual(before);
  });

  it('INSTANT_HOLD_MINUTES sets the hold; a start nearer than the hold ends it', async () => {
    const longer = world.over(
      createTestApp(world.database, {
        clock: world.clock,
        env: { APP_URL, RATE_LIMITS: 'off', INSTANT_HOLD_MINUTES: '45' },
      }).app,
    );
    const body = await book(await instantVendor(), TUESDAY_9, longer);
    expect(body.payment_due_at).toBe(new Date(Date.parse(NOW) + 45 * MINUTE).toISOString());
    // Monday 9:00 is 21 h away: held until its start with a day-long hold, the longest allowed.
    const dayLong = world.over(
      createTestApp(world.database, {
        clock: world.clock,
        env: { APP_URL, RATE_LIMITS: 'off', INSTANT_HOLD_MINUTES: '1440' },
      }).app,
    );
    const soon = await book(await instantVendor(), MONDAY_9, dayLong);
    expect(soon.payment_due_at).toBe(MONDAY_9);
  });
});
