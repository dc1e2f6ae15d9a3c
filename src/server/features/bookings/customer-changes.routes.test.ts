import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type { ManagedBooking } from '../../../shared/booking.schemas.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { testManageLink } from '../../test/factories.ts';
import type { FakeStripe } from '../../test/fake-stripe.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, HOUR, NOW, WEDNESDAY_9, WEDNESDAY_11, WEDNESDAY_930 } from '../../test/test-week.ts';
import { refundIdempotencyKey } from '../booking-lifecycle/refund-booking.ts';

// Decision 046: the customer cancels or moves a booking from its page, with
// Stripe (a local fake that checks what we send) paying back a paid one. "Now" is Sunday 2026-11-22
// 12:00 in Mexico City; vendors keep the default week (Mon–Fri 09:00–17:00), so Wednesday 09:00 is
// 69 hours away: changes are open until Tuesday 09:00.

/** A calendar file as ical.js reads it: exactly one event, and what calendars act on. */
function readCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = calendar.getAllSubcomponents();
  expect(events.map((e) => e.name)).toEqual(['vevent']);
  const event = events[0]!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: String(event.getFirstPropertyValue('dtstart')),
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description')),
  };
}

describe(`a customer cancels and moves a booking (${testEngine})`, () => {
  let world: BookingScenario;
  let database: TestDatabase;
  let clock: BookingScenario['clock'];
  let fake: FakeStripe;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true, oxxo: false });
    ({ database, clock } = world);
    fake = world.stripe!;
  });
  afterAll(() => world?.close());

  const rowOf = (id: string) => world.rowOf(id);
  const sweep = () => world.sweep();

  /** The WhatsApp notice about a booking with this template, among its outbox items. */
  const noticeOf = (items: { payload: Record<string, unknown> }[], key: string) =>
    items.find(
      (o) => o.payload.type === 'booking_notice' && (o.payload.template as { key: string }).key === key,
    );

  /** The outbox items about one booking: WhatsApp ones name its id, mails its code. */
  async function outboxFor(id: string, code: string) {
    return (await database.db.select().from(outbox)).filter(
      (o) =>
        o.payload.appointmentId === id || (o.kind === 'mail' && String(o.payload.subject).includes(code)),
    );
  }

  /** The mail carries the calendar file that removes the booking's event, never moved before. */
  function expectFirstCancellation(mail: { payload: { attachments?: unknown } } | undefined, id: string) {
    const [attachment] = (mail?.payload.attachments ?? []) as { content: string }[];
    expect(readCalendar(attachment!.content)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: `${id}@barrio`,
      sequence: 1,
    });
  }

  /** A vendor of its own with a phone and a 60-minute service at $450, and a request for it. */
  async function requested(
    startTime = WEDNESDAY_9,
    priceCents = 45_000,
    { serviceName, notes }: { serviceName?: string; notes?: string } = {},
  ) {
    clock.set(NOW);
    n++;
    const booking = await world.requested({
      startTime,
      vendorFields: {
        businessName: `Plomería Narvarte ${n}`,
        businessPhone: `+5255123400${String(n).padStart(2, '0')}`,
      },
      serviceFields: { durationMinutes: 60, priceCents, ...(serviceName ? { name: serviceName } : {}) },
      customerEmail: `ana.${n}@example.test`,
      customerPhone: '+52 55 1234 5678',
      whatsappOptIn: true,
      notes,
    });
    return { ...booking, token: booking.manageToken };
  }

  async function confirmed(startTime = WEDNESDAY_9, texts: Parameters<typeof requested>[2] = {}) {
    const booking = await requested(startTime, 45_000, texts);
    return { ...(await world.confirmed(booking)), token: booking.token };
  }

  /** Paid by card: Stripe takes the payment and tells us (checkout.session.completed). */
  async function paid(startTime = WEDNESDAY_9, texts: Parameters<typeof requested>[2] = {}) {
    const booking = await confirmed(startTime, texts);
    return { ...(await world.paid(booking)), token: booking.token };
  }

  /** A Stripe event about any object, signed now. */
  const webhook = (type: string, object: Record<string, unknown>) => world.stripeEvent(type, object);

  const page = async (token: string) =>
    (await (await world.api().bookings.manage.$get({ query: { token } })).json()) as ManagedBooking;
  const cancel = (token: string, reason?: string) =>
    world.api().bookings.manage.cancel.$post({ json: { token, reason } });
  const reschedule = (token: string, startTime: string) =>
    world.api().bookings.manage.reschedule.$post({ json: { token, startTime } });
  const slotsOf = (token: string) =>
    world.api().bookings.manage.availability.$get({ query: { token, from: undefined, to: undefined } });
  const answer = (token: string, action: 'confirm' | 'decline') =>
    world.api().bookings.confirm.$post({ json: { token, action } });
  /** Another customer's request for the same service. */
  const bookAlso = (
    booking: { vendor: { id: string }; service: { id: string } },
    startTime: string,
    email: string,
  ) =>
    world.api().bookings.$post({
      json: {
        vendorId: booking.vendor.id,
        serviceId: booking.service.id,
        startTime,
        customerName: 'Beto',
        customerEmail: email,
        customerPhone: undefined,
        notes: undefined,
      },
    });
  const refundsOf = (id: string) => fake.refunds.filter((r) => r.metadata.appointment_id === id);

  it('cancels a request for free: the vendor is told by mail and WhatsApp, the slot frees, the link answers no more', async () => {
    const booking = await requested();
    expect(await page(booking.token)).toMatchObject({
      can_cancel: true,
      can_reschedule: true,
      change_deadline: '2026-11-24T15:00:00.000Z',
      refund_on_cancel_mxn: 0,
    });
    clock.advance(HOUR);
    const res = await cancel(booking.token, 'Ya lo resolví, gracias');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as ManagedBooking).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'customer',
      cancel_note: 'Ya lo resolví, gracias',
      ended_at: '2026-11-22T19:00:00.000Z',
      can_cancel: false,
      can_reschedule: false,
      refund: null,
    });
    const items = await outboxFor(booking.id, booking.code);
    const vendorMail = items.find(
      (o) => o.payload.to === booking.vendor.businessEmail && /cancelada/.test(String(o.payload.subject)),
    );
    expect(vendorMail?.payload.text).toContain('Motivo: Ya lo resolví, gracias');
    expect(String(vendorMail?.payload.text)).not.toContain(booking.token);
    const notice = noticeOf(items, 'booking_cancelled');
    expect(notice?.payload).toMatchObject({
      to: booking.vendor.businessPhone,
      vendorProfileId: booking.vendor.id,
      template: {
        key: 'booking_cancelled',
        parameters: [booking.code, expect.any(String), expect.any(String)],
      },
    });
    const customerMail = items.find(
      (o) => o.payload.to === `ana.${n}@example.test` && /Cancelaste/.test(String(o.payload.subject)),
    );
    expect(customerMail?.payload.text).toContain('No se hizo ningún cargo.');

    // Cancelling again, or the vendor confirming now: each gets a clear refusal and changes nothing.
    const again = await cancel(booking.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'conflict', details: { reason: 'changed' } } });
    const confirm = await answer(booking.confirmToken, 'confirm');
    expect(confirm.status).toBeGreaterThanOrEqual(400);
    expect((await rowOf(booking.id)).status).toBe('cancelled');
    // The slot is free again.
    const other = await bookAlso(booking, WEDNESDAY_9, 'beto@example.test');
    expect(other.status).toBe(201);
  });

  it('cancels an unpaid confirmed booking for free and closes its checkout at Stripe', async () => {
    const booking = await confirmed();
    const sessionId = booking.row.checkoutSessionId!;
    expect(fake.sessions.get(sessionId)?.status).toBe('open');
    const res = await cancel(booking.token);
    expect(res.status).toBe(200);
    expect(fake.sessions.get(sessionId)?.status).toBe('expired');
    expect(await rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      refundNeeded: false,
      refundedAt: null,
    });
    expect(refundsOf(booking.id)).toEqual([]);
  });

  it('cancels a paid booking up to 24 h before with a full refund, once, recorded on the booking', async () => {
    const booking = await paid();
    expect(booking.row.paymentRef).toMatch(/^pi_test_/);
    expect(await page(booking.token)).toMatchObject({
      status: 'paid',
      can_cancel: true,
      refund_on_cancel_mxn: 45_000,
    });
    clock.set('2026-11-24T14:59:00Z'); // a minute before the limit
    const res = await cancel(booking.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as ManagedBooking;
    expect(body).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'customer',
      refund: { amount_mxn: 45_000, status: 'refunded', refunded_at: '2026-11-24T14:59:00.000Z' },
    });
    const refunds = refundsOf(booking.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 45_000, payment_intent: booking.row.paymentRef });
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(sent.at(-1)?.idempotencyKey).toBe(refundIdempotencyKey(booking.id));
    expect(await rowOf(booking.id)).toMatchObject({
      refundNeeded: false,
      refundId: refunds[0]!.id,
      refundedAmountMxn: 45_000,
    });
    const items = await outboxFor(booking.id, booking.code);
    expect(items.some((o) => /Reembolso de la reserva/.test(String(o.payload.subject)))).toBe(true);
    expect(
      items.find(
        (o) => o.payload.to === booking.vendor.businessEmail && /cancelada/.test(String(o.payload.subject)),
      )?.payload.text,
    ).toContain('reembolso completo');

    // Stripe's charge.refunded arrives: the refund it reads at Stripe is the one recorded, so nothing
    // changes (decision 056), nothing is paid twice, and the sweeper finds nothing owed.
    const charge = {
      id: 'ch_test_1',
      object: 'charge',
      payment_intent: booking.row.paymentRef,
      amount: 45_000,
      amount_refunded: 45_000,
      refunded: true,
      metadata: {},
    };
    const event = await webhook('charge.refunded', charge);
    expect(await event.json()).toMatchObject({ outcome: 'unchanged' });
    expect(await sweep()).toMatchObject({ refunded: 0 });
    expect(refundsOf(booking.id)).toHaveLength(1);
    expect((await cancel(booking.token)).status).toBe(409);
  });

  it('refuses to cancel or move a booking less than 24 hours before its start, and changes nothing', async () => {
    const booking = await paid();
    clock.set('2026-11-24T15:00:00Z');
    expect(await page(booking.token)).toMatchObject({
      status: 'paid',
      can_cancel: false,
      can_reschedule: false,
    });
    for (const res of [await cancel(booking.token), await reschedule(booking.token, WEDNESDAY_11)]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { details: { reason: 'too_late' } } });
    }
    expect(await rowOf(booking.id)).toMatchObject({
      status: 'paid',
      startTz: new Date(WEDNESDAY_9),
      refundNeeded: false,
    });
    expect(refundsOf(booking.id)).toEqual([]);
  });

  it('keeps the refund owed when Stripe fails, and the sweeper pays it back once', async () => {
    const booking = await paid();
    fake.failNext(1);
    const res = await cancel(booking.token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ManagedBooking).refund).toEqual({
      amount_mxn: 45_000,
      status: 'pending',
      refunded_at: null,
    });
    expect(refundsOf(booking.id)).toEqual([]);
    expect(await sweep()).toMatchObject({ refunded: 1 });
    expect(await sweep()).toMatchObject({ refunded: 0 });
    expect(refundsOf(booking.id)).toHaveLength(1);
    expect((await page(booking.token)).refund).toMatchObject({ status: 'refunded' });
  });

  it('refunds at once a payment that arrives after the customer cancelled', async () => {
    const booking = await confirmed();
    expect((await cancel(booking.token)).status).toBe(200);
    // The customer had the checkout open in another tab and paid anyway.
    const session = fake.complete(booking.row.checkoutSessionId!);
    const res = await webhook('checkout.session.completed', { ...session });
    expect(await res.json()).toMatchObject({ outcome: 'refund_needed' });
    expect(refundsOf(booking.id)).toHaveLength(1);
    expect(await rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      refundNeeded: false,
      refundedAmountMxn: 45_000,
    });
    expect((await page(booking.token)).refund).toMatchObject({ amount_mxn: 45_000, status: 'refunded' });
  });

  it('moves a paid booking to another open time of its service: the old time frees, nothing is paid again', async () => {
    const booking = await paid();
    // Its own time is not busy for itself: 09:30 overlaps it and is offered.
    const slotsRes = await slotsOf(booking.token);
    const { slots } = (await slotsRes.json()) as AvailabilityResponse;
    expect(slots).toContain(WEDNESDAY_930);
    expect(slots).not.toContain(WEDNESDAY_9);

    clock.advance(HOUR);
    const checkoutsBefore = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const res = await reschedule(booking.token, WEDNESDAY_11);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as ManagedBooking).toMatchObject({
      status: 'paid',
      start_time: WEDNESDAY_11,
      end_time: '2026-11-25T18:00:00.000Z',
      rescheduled_at: '2026-11-22T19:00:00.000Z',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(checkoutsBefore);
    const items = await outboxFor(booking.id, booking.code);
    const vendorMail = items.find(
      (o) =>
        o.payload.to === booking.vendor.businessEmail && /cambió la fecha/.test(String(o.payload.subject)),
    );
    expect(vendorMail?.payload.text).toMatch(/Antes: miércoles, 25 de noviembre de 2026, 9:00/);
    expect(vendorMail?.payload.text).toMatch(/Ahora: miércoles, 25 de noviembre de 2026, 11:00/);
    const customerMail = items.find(
      (o) => o.payload.to === `ana.${n}@example.test` && /nueva fecha/.test(String(o.payload.subject)),
    );
    expect(JSON.stringify(customerMail?.payload.attachments)).toContain('DTSTART:20261125T170000Z');
    expect(noticeOf(items, 'booking_rescheduled')?.payload).toMatchObject({
      to: booking.vendor.businessPhone,
    });
    // The customer's, with the booking page as its button (decision 070).
    expect(noticeOf(items, 'customer_rescheduled')?.payload).toMatchObject({
      to: '+525512345678',
      interactive: { kind: 'cta_url', label: 'Ver reserva' },
    });

    // The old time is free for others; the new one is not.
    const book = (startTime: string) => bookAlso(booking, startTime, 'beto@example.test');
    expect((await book(WEDNESDAY_9)).status).toBe(201);
    expect((await book(WEDNESDAY_11)).status).toBe(409);
  });

  it('every calendar file of a booking is one event: each move grows its SEQUENCE, the cancellation removes it', async () => {
    // A service stored before names were checked, and notes with a lone CR: neither starts a line.
    const booking = await paid(WEDNESDAY_9, {
      serviceName: 'Limpieza\rX-INJECTED:1',
      notes: 'Tocar el timbre\rEND:VEVENT\rBEGIN:VEVENT',
    });
    const email = `ana.${n}@example.test`;
    /** The calendar file of the customer's mail whose subject matches, read by ical.js. */
    async function calendarOf(subject: RegExp) {
      const mails = (await outboxFor(booking.id, booking.code)).filter(
        (o) => o.kind === 'mail' && o.payload.to === email && subject.test(String(o.payload.subject)),
      );
      const attachments = mails.at(-1)?.payload.attachments as { content: string; contentType: string }[];
      expect(attachments, String(subject)).toHaveLength(1);
      return { ...readCalendar(attachments[0]!.content), contentType: attachments[0]!.contentType };
    }
    const download = async () => {
      const res = await world.api().bookings.manage['calendar.ics'].$get({ query: { token: booking.token } });
      expect(res.status).toBe(200);
      return readCalendar(await res.text());
    };

    const first = await calendarOf(/Pago recibido/);
    expect(first).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED', sequence: 0 });
    expect(first.summary).toContain('Limpieza\nX-INJECTED:1');
    expect(first.description).toContain('Notas: Tocar el timbre\nEND:VEVENT\nBEGIN:VEVENT');
    expect(await download()).toMatchObject({ uid: first.uid, sequence: 0 });

    clock.advance(HOUR);
    expect((await reschedule(booking.token, WEDNESDAY_11)).status).toBe(200);
    expect(await calendarOf(/nueva fecha/)).toMatchObject({
      uid: first.uid,
      sequence: 1,
      start: '2026-11-25T17:00:00Z',
    });
    expect(await download()).toMatchObject({ uid: first.uid, sequence: 1 });
    // The count is the booking's own: reading it again later does not change it.
    clock.advance(HOUR);
    expect(await download()).toMatchObject({ sequence: 1 });
    expect((await reschedule(booking.token, WEDNESDAY_9)).status).toBe(200);
    expect(await download()).toMatchObject({ uid: first.uid, sequence: 2, start: '2026-11-25T15:00:00Z' });
    expect((await rowOf(booking.id)).rescheduleCount).toBe(2);

    expect((await cancel(booking.token)).status).toBe(200);
    const cancelled = await calendarOf(/Cancelaste/);
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: first.uid, sequence: 3 });
    expect(cancelled.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });

  it('an unpaid booking cancelled by its payment deadline carries the calendar cancellation too', async () => {
    const booking = await confirmed();
    clock.set(new Date(booking.row.paymentDueAt!.getTime() + 60_000));
    await sweep();
    expect((await rowOf(booking.id)).status).toBe('cancelled');
    const mail = (await outboxFor(booking.id, booking.code)).find(
      (o) => o.payload.to === `ana.${n}@example.test` && /falta de pago/.test(String(o.payload.subject)),
    );
    expectFirstCancellation(mail, booking.id);
  });

  it('a request declined or expired removes the tentative event the booking page offered', async () => {
    const declined = await requested();
    const res = await answer(declined.confirmToken, 'decline');
    expect(res.status).toBe(200);
    const expired = await requested();
    clock.set('2026-11-23T18:00:00Z'); // 24 h after the request
    await sweep();
    expect((await rowOf(expired.id)).status).toBe('expired');
    for (const [booking, subject] of [
      [declined, /rechazada/],
      [expired, /venció/],
    ] as const) {
      const mail = (await outboxFor(booking.id, booking.code)).find((o) =>
        subject.test(String(o.payload.subject)),
      );
      expectFirstCancellation(mail, booking.id);
    }
  });

  it('refuses a time that is not open, or taken, and keeps the booking where it was', async () => {
    const booking = await requested();
    const other = await bookAlso(booking, WEDNESDAY_11, 'beto@example.test');
    expect(other.status).toBe(201);
    for (const time of [WEDNESDAY_11, '2026-11-28T15:00:00.000Z' /* a Saturday */]) {
      const res = await reschedule(booking.token, time);
      expect(res.status, time).toBe(409);
      expect(await res.json()).toMatchObject({ error: { details: { reason: 'slot_taken' } } });
    }
    expect((await reschedule(booking.token, 'soon')).status).toBe(400);
    expect(await rowOf(booking.id)).toMatchObject({ startTz: new Date(WEDNESDAY_9), rescheduledAt: null });
  });

  it('an unpaid booking keeps its payment deadline and moves only to a time after it', async () => {
    const booking = await confirmed('2026-11-24T15:00:00.000Z'); // Tuesday 09:00: deadline Monday 12:00
    const dueAt = booking.row.paymentDueAt!;
    const { slots } = (await (await slotsOf(booking.token)).json()) as AvailabilityResponse;
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => Date.parse(s) >= dueAt.getTime())).toBe(true);
    expect((await reschedule(booking.token, WEDNESDAY_9)).status).toBe(200);
    expect((await rowOf(booking.id)).paymentDueAt).toEqual(dueAt);
  });

  it('the signed-in owner opens, cancels and moves by id; anyone else gets 404', async () => {
    const booking = await requested();
    const owner = world.http();
    const asOwner = world.api(owner).me.bookings[':id'];
    const signUp = await owner.post('/api/auth/sign-up/email', {
      name: 'Ana',
      email: `ana.${n}@example.test`,
      password: 'Ana#Cliente2026',
    });
    expect(signUp.status).toBe(200);
    // Bookings made with the address show once it is proven.
    const { user } = await import('../../db/schema/auth.ts');
    await database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, `ana.${n}@example.test`));
    const mine = await asOwner.$get({ param: { id: booking.id } });
    expect(mine.status).toBe(200);
    expect((await mine.json()) as ManagedBooking).toMatchObject({ code: booking.code, can_reschedule: true });
    const slots = await asOwner.availability.$get({
      param: { id: booking.id },
      query: { from: undefined, to: undefined },
    });
    expect(((await slots.json()) as AvailabilityResponse).slots).toContain(WEDNESDAY_11);

    const stranger = world.http();
    const asStranger = world.api(stranger).me.bookings[':id'];
    await stranger.post('/api/auth/sign-up/email', {
      name: 'Eve',
      email: 'eve@example.test',
      password: 'Eve#Cliente2026',
    });
    for (const res of [
      await asStranger.$get({ param: { id: booking.id } }),
      await asStranger.cancel.$post({ param: { id: booking.id }, json: { reason: undefined } }),
      await asStranger.reschedule.$post({ param: { id: booking.id }, json: { startTime: WEDNESDAY_11 } }),
    ])
      expect(res.status).toBe(404);
    expect((await rowOf(booking.id)).status).toBe('pending_vendor');

    expect(
      (await asOwner.reschedule.$post({ param: { id: booking.id }, json: { startTime: WEDNESDAY_11 } }))
        .status,
    ).toBe(200);
    const cancelled = await asOwner.cancel.$post({
      param: { id: booking.id },
      json: { reason: 'Cambio de planes' },
    });
    expect(cancelled.status).toBe(200);
    expect(await rowOf(booking.id)).toMatchObject({
      status: 'cancelled',
      cancelNote: 'Cambio de planes',
      startTz: new Date(WEDNESDAY_11),
    });
  });

  // ——— Races (the rule: one conditional update on the status read; the loser is told, nothing lost) ———
  // On PostgreSQL the requests run on separate connections of the pool; on PGlite they interleave.

  it('cancel against the vendor’s confirm: whichever wins, the other is told and the booking is consistent', async () => {
    for (let round = 0; round < 4; round++) {
      const booking = await requested();
      const [cancelRes, confirmRes] = await Promise.all([
        cancel(booking.token),
        answer(booking.confirmToken, 'confirm'),
      ]);
      const row = await rowOf(booking.id);
      expect([200, 409]).toContain(cancelRes.status);
      if (cancelRes.status === 409) {
        // Confirmed between the customer's read and update: told, and nothing changed by the cancel.
        expect(await cancelRes.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
        expect(confirmRes.status).toBe(200);
        expect(row.status).toBe('awaiting_payment');
      } else {
        expect(row.status).toBe('cancelled');
        // Either the vendor's answer lost (told the request is no longer open) or came first.
        if (confirmRes.status === 200) expect(row.confirmedAt).not.toBeNull();
        else expect(row.confirmedAt).toBeNull();
        // A checkout that was opened is closed: nobody can pay for a cancelled booking.
        if (row.checkoutSessionId) expect(fake.sessions.get(row.checkoutSessionId)?.status).toBe('expired');
      }
    }
  });

  it('cancel against the payment webhook: money that arrives for a cancelled booking always goes back, once', async () => {
    for (let round = 0; round < 4; round++) {
      const booking = await confirmed();
      const sessionId = booking.row.checkoutSessionId!;
      const session = fake.complete(sessionId);
      const [cancelRes, payRes] = await Promise.all([
        cancel(booking.token),
        webhook('checkout.session.completed', { ...session }),
      ]);
      expect(payRes.status).toBe(200);
      const row = await rowOf(booking.id);
      if (cancelRes.status === 409) {
        // Paid between the customer's read and update: the booking stays paid, nothing refunded.
        expect(await cancelRes.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
        expect(row.status).toBe('paid');
        expect(refundsOf(booking.id)).toEqual([]);
      } else {
        expect(cancelRes.status).toBe(200);
        expect(row).toMatchObject({ status: 'cancelled', refundNeeded: false, refundedAmountMxn: 45_000 });
        expect(refundsOf(booking.id)).toHaveLength(1);
      }
    }
    expect(await sweep()).toMatchObject({ refunded: 0 });
  });

  it('reschedule against a new booking of the same time: one gets it, the other is refused, nothing overlaps', async () => {
    for (let round = 0; round < 4; round++) {
      const booking = await requested();
      const [moveRes, bookRes] = await Promise.all([
        reschedule(booking.token, WEDNESDAY_11),
        bookAlso(booking, WEDNESDAY_11, `beto.${round}@example.test`),
      ]);
      expect([
        [200, 409],
        [409, 201],
      ]).toContainEqual([moveRes.status, bookRes.status]);
      const row = await rowOf(booking.id);
      if (moveRes.status === 200) expect(row.startTz).toEqual(new Date(WEDNESDAY_11));
      else {
        expect(await moveRes.json()).toMatchObject({ error: { details: { reason: 'slot_taken' } } });
        // The old time stays the booking's.
        expect(row.startTz).toEqual(new Date(WEDNESDAY_9));
      }
    }
  });

  // ——— Reminders and expiry told ———

  it('reminds both sides once, a day ahead, however many sweepers run; never a cancelled booking', async () => {
    const booking = await paid();
    const gone = await paid();
    expect((await cancel(gone.token)).status).toBe(200);
    clock.set('2026-11-24T14:59:00Z'); // 24 h and a minute ahead
    expect(await sweep()).toMatchObject({ reminded: 0 });
    clock.set('2026-11-24T15:00:00Z');
    const others = database.url
      ? await Promise.all(
          [1, 2].map(async () =>
            (await import('../../db/client.ts')).openDatabase({ databaseUrl: database.url! }),
          ),
        )
      : [];
    try {
      const { remindUpcomingBookings } = await import('../booking-lifecycle/remind-bookings.ts');
      const dbs = [database.db, ...others.map((o) => o.db), database.db];
      const counts = await Promise.all(
        dbs.map((db) => remindUpcomingBookings({ db, now: clock.now(), manageLink: testManageLink })),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    expect(await sweep()).toMatchObject({ reminded: 0 });
    const reminders = (await outboxFor(booking.id, booking.code)).filter((o) =>
      o.kind === 'mail'
        ? /Recordatorio/.test(String(o.payload.subject))
        : o.payload.type === 'booking_notice',
    );
    const mails = reminders.filter((o) => o.kind === 'mail');
    expect(mails.map((m) => m.payload.to).sort()).toEqual(
      [booking.vendor.businessEmail, `ana.${n - 1}@example.test`].sort(),
    );
    expect(
      JSON.stringify(mails.find((m) => m.payload.to !== booking.vendor.businessEmail)?.payload.attachments),
    ).toContain('BEGIN:VCALENDAR');
    const whatsapps = reminders.filter(
      (o) => o.kind === 'whatsapp' && /reminder/.test((o.payload.template as { key: string }).key),
    );
    expect(whatsapps).toHaveLength(2);
    // Read without an order: either may come first.
    expect(whatsapps.map((w) => w.payload.template)).toEqual(
      expect.arrayContaining([
        {
          key: 'booking_reminder',
          parameters: [booking.code, 'Ana López', expect.any(String)],
          language: 'es-MX',
        },
        {
          key: 'customer_reminder',
          parameters: [booking.code, booking.vendor.businessName, expect.any(String)],
          buttons: [{ type: 'url', index: 0, suffix: expect.stringMatching(/^booking\//) }],
          language: 'es-MX',
        },
      ]),
    );
    const goneReminders = (await outboxFor(gone.id, gone.code)).filter((o) =>
      /Recordatorio/.test(String(o.payload.subject)),
    );
    expect(goneReminders).toEqual([]);
  });

  it('tells the customer when a request expires unanswered, with the vendor’s similar vendors', async () => {
    const booking = await requested();
    clock.set('2026-11-23T18:00:00Z'); // 24 h after the request
    await sweep();
    expect((await rowOf(booking.id)).status).toBe('expired');
    const items = await outboxFor(booking.id, booking.code);
    const mail = items.find((o) => /venció/.test(String(o.payload.subject)));
    expect(mail?.payload.to).toBe(`ana.${n}@example.test`);
    expect(mail?.payload.text).toContain(`${APP_URL}/vendor/${booking.vendor.slug}#similar`);
    expect(mail?.payload.text).toContain('/booking/');
    expect(noticeOf(items, 'booking_expired')?.payload).toMatchObject({ to: '+525512345678' });
    await sweep();
    expect(await outboxFor(booking.id, booking.code)).toHaveLength(items.length);
  });
});
