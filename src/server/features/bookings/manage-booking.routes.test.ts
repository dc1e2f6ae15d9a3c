import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedBooking } from '../../../shared/booking.schemas.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, MONDAY_9, NOW } from '../../test/test-week.ts';
import { manageToken } from '../booking-lifecycle/manage-links.ts';

// Part 1 (decision 044): the customer's booking page, opened by the link in every mail to
// the customer. "Now" is Sunday 2026-11-22 12:00 in Mexico City; vendors keep the default week
// (Mon–Fri 09:00–17:00), so Monday 09:00 is open.
const DAY = 24 * 60 * 60_000;

describe(`the customer's booking page (${testEngine})`, () => {
  let world: BookingScenario;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
  });
  afterAll(() => world.close());

  function book() {
    world.clock.set(NOW);
    return world.requested({
      startTime: MONDAY_9,
      vendorFields: { businessPhone: '+525512340000' },
      serviceFields: { durationMinutes: 60, priceCents: 45_000 },
    });
  }

  const page = (token: string) => world.api().bookings.manage.$get({ query: { token } });

  it('answers the request with its page, mails the page with the receipt, and shows what happens next', async () => {
    const { vendor, booking, manageToken: token } = await book();
    expect(booking.manage_path).toBe(`/booking/${booking.code}?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    const [receipt] = await world.mailsTo('ana@example.test');
    expect(receipt?.text).toContain(`${APP_URL}${booking.manage_path}`);
    // The vendor's mail never carries the customer's page.
    expect(JSON.stringify(await world.mailsTo(vendor.businessEmail!))).not.toContain(token);

    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()) as ManagedBooking).toEqual({
      code: booking.code,
      status: 'pending_vendor',
      vendor: { name: vendor.businessName, slug: vendor.slug, whatsapp: null },
      service_name: expect.any(String),
      start_time: MONDAY_9,
      end_time: '2026-11-23T16:00:00.000Z',
      timezone: 'America/Mexico_City',
      amount_mxn: 45_000,
      requested_at: '2026-11-22T18:00:00.000Z',
      confirmed_at: null,
      paid_at: null,
      ended_at: null,
      cancel_reason: null,
      // The earlier of 24 hours after the request and the start.
      answer_due_at: MONDAY_9,
      payment_due_at: null,
      payment_url: null,
      calendar_url: `/api/bookings/manage/calendar.ics?token=${token}`,
      cancel_note: null,
      rescheduled_at: null,
      proposal: null,
      decline_note: null,
      offered: null,
      service_id: expect.any(String),
      location: 'vendor',
      address: null,
      place_address: null,
      // Monday 09:00 is 21 hours away: past the 24-hour limit for changes online (decision 046).
      change_deadline: '2026-11-22T15:00:00.000Z',
      // The vendor's default policy, Flexible (decision 095): cancelling ends at the same time.
      cancel_deadline: '2026-11-22T15:00:00.000Z',
      cancellation_policy: 'flexible',
      can_cancel: false,
      can_reschedule: false,
      refund_on_cancel_mxn: 0,
      took_place: false,
      outcome: null,
      can_review: false,
      review_path: null,
      refund: null,
    });
  });

  it('once confirmed: Pay now, the payment deadline, the vendor’s WhatsApp; the payment mail links the page', async () => {
    const { booking, manageToken: token, confirmToken } = await book();
    world.clock.advance(60 * 60_000);
    const confirmed = await world.api().bookings.confirm.$post({
      json: { token: confirmToken, action: 'confirm' },
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);

    const body = (await (await page(token)).json()) as ManagedBooking;
    expect(body).toMatchObject({
      status: 'awaiting_payment',
      confirmed_at: '2026-11-22T19:00:00.000Z',
      vendor: { whatsapp: '525512340000' },
      answer_due_at: null,
      payment_due_at: MONDAY_9,
    });
    expect(body.payment_url).toMatch(/^http/);
    const mails = await world.mailsTo('ana@example.test');
    const paymentMail = mails.find((m) => m.text.includes(body.payment_url!));
    expect(paymentMail?.text).toContain(`${APP_URL}${booking.manage_path}`);

    // The page's own link, as the browser follows it.
    const calendar = await world.http().get(body.calendar_url);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(calendar.headers.get('content-disposition')).toBe(
      `attachment; filename="reserva-${booking.code}.ics"`,
    );
    const ics = await calendar.text();
    expect(ics).toContain('DTSTART:20261123T150000Z');
    expect(ics).toContain('STATUS:TENTATIVE');
  });

  it('shows a declined booking as ended, with no calendar to add', async () => {
    const booked = await book();
    world.clock.advance(2 * 60 * 60_000);
    await world.ended(booked, 'declined');
    const token = booked.manageToken;
    const body = (await (await page(token)).json()) as ManagedBooking;
    expect(body).toMatchObject({
      status: 'declined',
      ended_at: '2026-11-22T20:00:00.000Z',
      answer_due_at: null,
      payment_url: null,
      vendor: { whatsapp: null },
    });
    expect((await world.http().get(body.calendar_url)).status).toBe(410);
  });

  it('reads an unanswered request past its deadline as expired, before the sweeper moves it', async () => {
    const { manageToken: token } = await book();
    world.clock.set(MONDAY_9);
    expect(await (await page(token)).json()).toMatchObject({ status: 'expired', ended_at: MONDAY_9 });
  });

  it('answers 404 alike for a forged, a foreign and an outdated link, and 400 for no token', async () => {
    const { booking, manageToken: token } = await book();
    const [row] = await world.db
      .select({ id: appointments.id, endTz: appointments.endTz })
      .from(appointments)
      .where(eq(appointments.code, booking.code));
    const notFound = {
      error: { code: 'not_found', reason: 'booking_not_found', message: 'Booking not found.' },
    };

    for (const bad of [
      manageToken('another-secret', row!.id),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      manageToken(world.secret, '00000000-0000-4000-8000-000000000000'),
      'not-a-token',
    ]) {
      const res = await page(bad);
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toEqual(notFound);
    }

    // Open until 30 days after the appointment's end, then not found like any other.
    world.clock.set(new Date(row!.endTz.getTime() + 30 * DAY));
    expect((await page(token)).status).toBe(200);
    world.clock.advance(1000);
    const late = await page(token);
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual(notFound);
    expect((await world.api().bookings.manage['calendar.ics'].$get({ query: { token } })).status).toBe(404);

    expect((await page('')).status).toBe(400);
    // @ts-expect-error: the route requires a token; asking without one is what this checks
    expect((await world.api().bookings.manage.$get({ query: {} })).status).toBe(400);
  });
});
