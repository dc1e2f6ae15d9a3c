import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedState, RotatedCalendarFeed } from '../../../shared/calendar-feed.schemas.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorCalendarFeeds } from '../../db/schema/calendar-feeds.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { testEngine } from '../../test/test-db.ts';
import {
  APP_URL,
  HOUR,
  MONDAY_10,
  NOW,
  THURSDAY_9,
  TUESDAY_9,
  WEDNESDAY_9,
  WEDNESDAY_11,
} from '../../test/test-week.ts';

// Decision 091, over the real app: a vendor makes its private feed link on the dashboard, and a
// calendar app — no cookies, no Origin — reads the vendor's bookings from it, parsed here by ical.js
// (a parser we did not write). "Now" is Sunday 2026-11-22 12:00 in Mexico City.

const DAY = 24 * HOUR;

interface FeedEvent {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  location: string | null;
  tzid: string | undefined;
  start: string;
  end: string;
}

/** The feed as a calendar app reads it: its properties and its events by UID. */
function parseFeed(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = new Map<string, FeedEvent>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    events.set(event.uid, {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      summary: event.summary,
      description: event.description,
      location: event.location ?? null,
      tzid: event.startDate.zone?.tzid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    });
  }
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    timezone: calendar.getFirstPropertyValue('x-wr-timezone'),
    refresh: String(calendar.getFirstPropertyValue('refresh-interval')),
    ttl: calendar.getFirstPropertyValue('x-published-ttl'),
    method: calendar.getFirstPropertyValue('method'),
    events,
  };
}

afterEach(() => ICAL.TimezoneService.reset());

describe(`the vendor's calendar feed (${testEngine})`, () => {
  let world: BookingScenario;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
  });
  afterAll(() => world?.close());

  /** A vendor account of its own, signed in, owning a vendor profile. */
  async function signedInVendor() {
    const browser = world.http();
    const res = await browser.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `vendor.feed.${++n}@example.test`,
      password: 'Proveedora#2026',
    });
    const { user } = (await res.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, { userId: user.id, businessName: `Brillo ${n}` });
    const api = world.api(browser).vendor['calendar-feed'];
    return {
      vendor,
      browser,
      async state() {
        const answer = await api.$get();
        expect(answer.status).toBe(200);
        return (await answer.json()) as CalendarFeedState;
      },
      async rotate() {
        const answer = await api.rotate.$post();
        expect(answer.status, await answer.clone().text()).toBe(200);
        return (await answer.json()) as RotatedCalendarFeed;
      },
    };
  }

  /** A calendar app's fetch: the URL alone, no cookie, no Origin. */
  const fetchFeed = (url: string) =>
    world.app.request(new URL(url).pathname, {}, { incoming: { socket: { remoteAddress: '10.9.9.9' } } });

  async function feedOf(url: string) {
    const res = await fetchFeed(url);
    expect(res.status, await res.clone().text()).toBe(200);
    return parseFeed(await res.text());
  }

  it('makes a link whose token is kept only as its hash, and shows since when it works', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    expect(await me.state()).toEqual({ created_at: null });
    const { url, created_at } = await me.rotate();
    expect(created_at).toBe(new Date(NOW).toISOString());
    const token = /^http:\/\/barrio\.test\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1];
    expect(token, url).toBeDefined();
    expect(await me.state()).toEqual({ created_at });

    const rows = await world.db.select().from(vendorCalendarFeeds);
    const row = rows.find((r) => r.vendorProfileId === me.vendor.id);
    expect(row?.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    // Nowhere in the table is the token itself.
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('serves the vendor’s bookings from 30 days ago onward, parsed by ical.js, in the vendor’s zone', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const service = await insertService(world.db, me.vendor.id, {
      name: 'Limpieza profunda',
      durationMinutes: 60,
    });
    const address = {
      street: 'Calle Colima 12',
      colonia: 'Roma Norte',
      postalCode: '06700',
      references: undefined,
    };
    const paid = await world.paid({
      startTime: MONDAY_10,
      vendor: me.vendor,
      service,
      customerName: 'Ana López',
      customerEmail: `ana.feed.${n}@example.test`,
      customerPhone: '+52 55 1234 5678',
      notes: 'Tocar el timbre azul; hay perro',
    });
    // Done at the customer's address, as the form asks for a service of such a category.
    await world.db
      .update(appointments)
      .set({ serviceLocation: 'customer', address })
      .where(eq(appointments.id, paid.id));
    const request = await world.requested({
      startTime: TUESDAY_9,
      vendor: me.vendor,
      service,
      customerName: 'Beto Ruiz',
      customerEmail: `beto.feed.${n}@example.test`,
    });
    const cancelled = await world.ended(
      await world.requested({
        startTime: WEDNESDAY_9,
        vendor: me.vendor,
        service,
        customerName: 'Carla Díaz',
        customerEmail: `carla.feed.${n}@example.test`,
      }),
      'cancelled',
    );
    const declined = await world.ended(
      await world.requested({
        startTime: THURSDAY_9,
        vendor: me.vendor,
        service,
        customerEmail: `dora.feed.${n}@example.test`,
      }),
      'declined',
    );
    // Two that took place: 29 days ago (kept) and 31 days ago (gone from the feed).
    const customer = await insertCustomer(world.db);
    const [recent, old] = await world.db
      .insert(appointments)
      .values([
        appointmentValues(me.vendor.id, customer, new Date(Date.parse(NOW) - 29 * DAY).toISOString(), 60, {
          status: 'paid',
          serviceId: service.id,
        }),
        appointmentValues(me.vendor.id, customer, new Date(Date.parse(NOW) - 31 * DAY).toISOString(), 60, {
          status: 'paid',
          serviceId: service.id,
        }),
      ])
      .returning();
    // Another vendor's booking at the same hour.
    const other = await world.paid({ startTime: MONDAY_10, customerEmail: `eva.feed.${n}@example.test` });

    const { url } = await me.rotate();
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    expect(res.headers.get('set-cookie')).toBeNull();
    const feed = parseFeed(await res.text());

    expect(feed).toMatchObject({
      name: `Barrio · ${me.vendor.businessName}`,
      timezone: 'America/Mexico_City',
      ttl: 'PT1H',
      method: 'PUBLISH',
    });
    expect(feed.refresh).toBe('PT1H');
    const uid = (id: string) => `${id}@barrio`;
    expect([...feed.events.keys()]).toEqual([
      uid(recent!.id),
      uid(paid.id),
      uid(request.id),
      uid(cancelled.id),
    ]);
    expect(feed.events.has(uid(old!.id))).toBe(false);
    expect(feed.events.has(uid(declined.id))).toBe(false);
    expect(feed.events.has(uid(other.id))).toBe(false);

    const event = feed.events.get(uid(paid.id))!;
    expect(event).toMatchObject({
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Limpieza profunda · Ana López',
      tzid: 'America/Mexico_City',
      start: MONDAY_10,
      end: new Date(Date.parse(MONDAY_10) + HOUR).toISOString(),
      location: 'Calle Colima 12, Roma Norte, CP 06700',
    });
    // As the dashboard shows it, in the vendor's language (Spanish by default).
    expect(event.description.split('\n')).toEqual([
      `Reserva ${paid.code} · Pagada · $450 MXN`,
      `Teléfono: ${paid.row.customerPhone}`,
      `Correo: ana.feed.${n}@example.test`,
      'Dónde: En el domicilio del cliente: Calle Colima 12, Roma Norte, CP 06700',
      'Notas: Tocar el timbre azul; hay perro',
    ]);
    // The customer's booking page link is the customer's secret: never in the vendor's feed.
    expect(await (await fetchFeed(url)).text()).not.toContain('token=');
    expect(feed.events.get(uid(request.id))).toMatchObject({
      status: 'TENTATIVE',
      summary: 'Solicitud: Limpieza profunda · Beto Ruiz',
      start: TUESDAY_9,
    });
    // A cancellation is the same event one revision on, as in the cancellation mail.
    expect(feed.events.get(uid(cancelled.id))).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
      summary: 'Cancelada: Limpieza profunda · Carla Díaz',
    });

    // A second fetch, later: the same events under the same UIDs.
    world.clock.set(new Date(Date.parse(NOW) + HOUR));
    const again = await feedOf(url);
    expect([...again.events.keys()]).toEqual([...feed.events.keys()]);
  });

  it('counts a reschedule in SEQUENCE, under the same UID at the new time', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const booking = await world.paid({
      startTime: WEDNESDAY_11,
      vendor: me.vendor,
      customerEmail: `moved.feed.${n}@example.test`,
    });
    const { url } = await me.rotate();
    expect((await feedOf(url)).events.get(`${booking.id}@barrio`)).toMatchObject({
      sequence: 0,
      start: WEDNESDAY_11,
    });
    const moved = await world
      .http()
      .post('/api/bookings/manage/reschedule', { token: booking.manageToken, startTime: THURSDAY_9 });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await feedOf(url)).events.get(`${booking.id}@barrio`)).toMatchObject({
      sequence: 1,
      start: THURSDAY_9,
      status: 'CONFIRMED',
    });
  });

  it('stops the old URL when a new link is made, with a 404 that names nothing', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const first = await me.rotate();
    expect((await fetchFeed(first.url)).status).toBe(200);
    world.clock.set(new Date(Date.parse(NOW) + DAY));
    const second = await me.rotate();
    expect(second.url).not.toBe(first.url);
    expect(await me.state()).toEqual({ created_at: second.created_at });
    const old = await fetchFeed(first.url);
    expect(old.status).toBe(404);
    const body = await old.text();
    expect((await fetchFeed(second.url)).status).toBe(200);
    // An unknown token, a malformed one and a missing extension answer exactly the same.
    for (const path of [
      `${APP_URL}/api/calendar/${'A'.repeat(43)}.ics`,
      `${APP_URL}/api/calendar/nope.ics`,
      second.url.replace(/\.ics$/, ''),
    ]) {
      const res = await fetchFeed(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(body);
    }
    expect(JSON.parse(body)).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    expect(
      await world.db
        .select()
        .from(vendorCalendarFeeds)
        .where(eq(vendorCalendarFeeds.vendorProfileId, me.vendor.id)),
    ).toHaveLength(1);
  });

  it('asks a vendor to sign in, and only a vendor', async () => {
    expect((await world.http().post('/api/vendor/calendar-feed/rotate')).status).toBe(401);
    expect((await world.http().get('/api/vendor/calendar-feed')).status).toBe(401);
  });
});

describe(`the calendar feed's rate limits (${testEngine})`, () => {
  let world: BookingScenario;
  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => world?.close());

  it('refuses one address guessing tokens, and never a known feed fetched from that address', async () => {
    const guess = () =>
      world.app.request(
        `/api/calendar/${'B'.repeat(43)}.ics`,
        {},
        { incoming: { socket: { remoteAddress: '10.8.8.8' } } },
      );
    for (let i = 0; i < 30; i++) expect((await guess()).status).toBe(404);
    expect((await guess()).status).toBe(429);

    const browser = world.http();
    const res = await browser.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: 'vendor.limits@example.test',
      password: 'Proveedora#2026',
    });
    const { user } = (await res.json()) as { user: { id: string } };
    await insertVendor(world.db, { userId: user.id });
    const { url } = (await (
      await browser.post('/api/vendor/calendar-feed/rotate')
    ).json()) as RotatedCalendarFeed;
    const known = await world.app.request(
      new URL(url).pathname,
      {},
      { incoming: { socket: { remoteAddress: '10.8.8.8' } } },
    );
    expect(known.status).toBe(200);
  });
});
