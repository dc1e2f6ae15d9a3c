import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type { ItemsResponse, ManagedBooking, VendorBooking } from '../../../shared/booking.schemas.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { changedTables, fingerprintTables } from '../../test/db-fingerprint.ts';
import { insertVendor } from '../../test/factories.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, NOW, THURSDAY_9, WEDNESDAY_9, WEDNESDAY_11 } from '../../test/test-week.ts';

// Decision 096: the vendor proposes another time for a booking already agreed, which the customer
// accepts (the booking moves, in one statement) or refuses (it keeps its time); and the vendor
// declines a request with a reason and another time to book. "Now" is Sunday 2026-11-22 12:00 in
// Mexico City; the bookings are on Wednesday at 09:00 and the proposals on Thursday at 09:00.

const THURSDAY_10 = '2026-11-26T16:00:00.000Z';
const THURSDAY_11 = '2026-11-26T17:00:00.000Z';
/** Sunday 03:00 in Mexico City: outside the vendors' default week. */
const SUNDAY_NIGHT = '2026-11-29T09:00:00.000Z';

describe(`the vendor proposes another time (${testEngine})`, () => {
  let world: BookingScenario;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
  });
  afterAll(() => world?.close());

  /** A vendor account signed in, with its vendor profile (a phone, so WhatsApp notices go out). */
  async function signedInVendor() {
    n++;
    const client = world.http();
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `propone.${n}@example.test`,
      password: 'Proveedora#2026',
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, {
      userId: user.id,
      businessName: `Jardinería Roma ${n}`,
      businessPhone: `+5255123411${String(n).padStart(2, '0')}`,
    });
    return { client, vendor };
  }

  /** A paid booking of a vendor of its own on Wednesday at 09:00, the customer opted into WhatsApp. */
  async function paidBooking() {
    world.clock.set(NOW);
    const { client, vendor } = await signedInVendor();
    const email = `cliente.${n}@example.test`;
    const booking = await world.paid({
      startTime: WEDNESDAY_9,
      vendor,
      customerEmail: email,
      customerPhone: '+52 55 1234 5678',
      whatsappOptIn: true,
    });
    expect(booking.row.status).toBe('paid');
    return { ...booking, client, vendor, email };
  }

  const propose = (client: HttpClient, id: string, body: unknown) =>
    client.post(`/api/vendor/bookings/${id}/propose`, body);
  const answer = (which: 'accept' | 'reject', body: unknown) =>
    world.http().post(`/api/bookings/manage/${which}-proposal`, body);
  const page = async (token: string) =>
    (await (await world.api().bookings.manage.$get({ query: { token } })).json()) as ManagedBooking;
  const listed = async (client: HttpClient, id: string) =>
    ((await (await client.get('/api/vendor/bookings')).json()) as ItemsResponse<VendorBooking>).items.find(
      (b) => b.id === id,
    );
  const outboxOf = async (id: string) =>
    (await world.db.select().from(outbox)).filter((o) => o.payload.appointmentId === id);
  const templateOf = (o: { payload: Record<string, unknown> }) =>
    (o.payload.template as { key?: string } | undefined)?.key;
  const fingerprint = () => fingerprintTables(world.db, { except: ['rate_limits'] });

  it('proposes a time; the customer accepts it and the paid booking moves at once, its payment kept', async () => {
    const booking = await paidBooking();
    world.clock.advance(HOUR);
    const res = await propose(booking.client, booking.id, { startTime: '2026-11-26T09:00:00-06:00' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ id: booking.id, code: booking.code, proposed_start_time: THURSDAY_9 });
    // Until the customer answers, the booking keeps its time.
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'paid',
      startTz: new Date(WEDNESDAY_9),
      proposedStartTz: new Date(THURSDAY_9),
      proposedAt: new Date('2026-11-22T19:00:00Z'),
    });
    expect(await listed(booking.client, booking.id)).toMatchObject({
      proposed_start_time: THURSDAY_9,
      can_propose: true,
    });
    const shown = await page(booking.manageToken);
    expect(shown).toMatchObject({
      start_time: WEDNESDAY_9,
      proposal: {
        start_time: THURSDAY_9,
        end_time: '2026-11-26T16:00:00.000Z',
        proposed_at: '2026-11-22T19:00:00.000Z',
      },
    });

    // The customer is told by mail and WhatsApp, in the booking's language.
    const proposalMail = (await world.mailsTo(booking.email)).find((m) =>
      /propone otro horario/.test(m.subject),
    );
    expect(proposalMail?.text).toMatch(/te propone cambiar tu reserva .* al jueves, 26 de noviembre de 2026/);
    expect(proposalMail?.text).toMatch(/tu reserva sigue el miércoles, 25 de noviembre de 2026/);
    const proposalWhatsApp = (await outboxOf(booking.id)).find(
      (o) => templateOf(o) === 'customer_time_proposed',
    );
    expect(proposalWhatsApp?.payload.to).toBe('+525512345678');

    const before = await world.rowOf(booking.id);
    const accepted = await answer('accept', { token: booking.manageToken, proposedStartTime: THURSDAY_9 });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await accepted.json()).toMatchObject({
      status: 'paid',
      start_time: THURSDAY_9,
      end_time: '2026-11-26T16:00:00.000Z',
      proposal: null,
    });
    const after = await world.rowOf(booking.id);
    expect(after).toMatchObject({
      status: 'paid',
      startTz: new Date(THURSDAY_9),
      endTz: new Date('2026-11-26T16:00:00.000Z'),
      proposedStartTz: null,
      proposedAt: null,
      rescheduleCount: 1,
      // The money stays as it was paid.
      amountMxn: before.amountMxn,
      paidAt: before.paidAt,
      paymentRef: before.paymentRef,
      refundNeeded: false,
    });

    // The customer's receipt moves the calendar event; the vendor learns their time was accepted.
    const receipt = (await world.mailsTo(booking.email)).find((m) =>
      /aceptaste el nuevo horario/.test(m.subject),
    );
    expect(receipt).toBeDefined();
    const items = await outboxOf(booking.id);
    const receiptWithCalendar = (await world.db.select().from(outbox)).find(
      (o) =>
        o.kind === 'mail' &&
        o.payload.to === booking.email &&
        /aceptaste el nuevo horario/.test(String(o.payload.subject)),
    );
    expect(JSON.stringify(receiptWithCalendar?.payload.attachments)).toContain('SEQUENCE:1');
    const vendorMail = (await world.mailsTo(booking.vendor.businessEmail!)).find((m) =>
      /el cliente aceptó tu horario/.test(m.subject),
    );
    expect(vendorMail?.text).toMatch(/Ahora: jueves, 26 de noviembre de 2026/);
    expect(items.find((o) => templateOf(o) === 'booking_proposal_accepted')?.payload.to).toBe(
      booking.vendor.businessPhone,
    );

    // A second press: the proposal is gone, nothing changes.
    const fp = await fingerprint();
    const again = await answer('accept', { token: booking.manageToken, proposedStartTime: THURSDAY_9 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
    expect(changedTables(fp, await fingerprint())).toEqual([]);
  });

  it('refused, the booking keeps its time and the vendor is told', async () => {
    const booking = await paidBooking();
    expect((await propose(booking.client, booking.id, { startTime: THURSDAY_9 })).status).toBe(200);
    const kept = await answer('reject', { token: booking.manageToken, proposedStartTime: THURSDAY_9 });
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect(await kept.json()).toMatchObject({ status: 'paid', start_time: WEDNESDAY_9, proposal: null });
    expect(await world.rowOf(booking.id)).toMatchObject({
      status: 'paid',
      startTz: new Date(WEDNESDAY_9),
      endTz: new Date('2026-11-25T16:00:00.000Z'),
      proposedStartTz: null,
      proposedAt: null,
      rescheduleCount: 0,
    });
    const vendorMail = (await world.mailsTo(booking.vendor.businessEmail!)).find((m) =>
      /el cliente conserva su horario/.test(m.subject),
    );
    expect(vendorMail?.text).toMatch(/sigue el miércoles, 25 de noviembre de 2026/);
    expect((await outboxOf(booking.id)).some((o) => templateOf(o) === 'booking_proposal_rejected')).toBe(
      true,
    );
    expect((await listed(booking.client, booking.id))?.proposed_start_time).toBeNull();
    // Nothing left to answer.
    expect((await answer('accept', { token: booking.manageToken })).status).toBe(409);
  });

  it('refuses bad input (400), a time not open (409), another vendor (404) and a request (409), changing nothing', async () => {
    const booking = await paidBooking();
    const stranger = await signedInVendor();
    const fp = await fingerprint();
    for (const body of [
      {},
      { startTime: 'jueves' },
      { startTime: 5 },
      { startTime: '2026-11-26T15:00:00' },
    ]) {
      const res = await propose(booking.client, booking.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const past = await propose(booking.client, booking.id, { startTime: '2026-11-20T15:00:00.000Z' });
    expect(past.status).toBe(400);
    const same = await propose(booking.client, booking.id, { startTime: WEDNESDAY_9 });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ error: { reason: 'proposal_same_time' } });
    const closed = await propose(booking.client, booking.id, { startTime: SUNDAY_NIGHT });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({ error: { details: { reason: 'slot_taken' } } });
    expect((await propose(stranger.client, booking.id, { startTime: THURSDAY_9 })).status).toBe(404);
    expect((await propose(world.http(), booking.id, { startTime: THURSDAY_9 })).status).toBe(401);
    for (const body of [{}, { token: booking.manageToken, proposedStartTime: 'jueves' }]) {
      expect((await answer('accept', body)).status, JSON.stringify(body)).toBe(400);
      expect((await answer('reject', body)).status, JSON.stringify(body)).toBe(400);
    }
    // No proposal to answer.
    expect((await answer('accept', { token: booking.manageToken })).status).toBe(409);
    expect((await answer('reject', { token: booking.manageToken })).status).toBe(409);
    expect(changedTables(fp, await fingerprint())).toEqual([]);

    // A request is declined with another time, never proposed one.
    const request = await world.requested({ startTime: THURSDAY_11, vendor: booking.vendor });
    const pending = await propose(booking.client, request.id, { startTime: THURSDAY_10 });
    expect(pending.status).toBe(409);
    expect((await world.rowOf(request.id)).proposedStartTz).toBeNull();

    // Once the booking has started, no other time.
    world.clock.set(WEDNESDAY_9);
    const started = await propose(booking.client, booking.id, { startTime: THURSDAY_9 });
    expect(started.status).toBe(409);
    expect(await started.json()).toMatchObject({ error: { reason: 'booking_started' } });
  });

  it('answers 409 to a proposal the vendor replaced or the customer’s own move overtook', async () => {
    const booking = await paidBooking();
    expect((await propose(booking.client, booking.id, { startTime: THURSDAY_9 })).status).toBe(200);
    // A new proposal replaces the first: the page that showed the first one is stale.
    expect((await propose(booking.client, booking.id, { startTime: THURSDAY_10 })).status).toBe(200);
    expect((await page(booking.manageToken)).proposal?.start_time).toBe(THURSDAY_10);
    const fp = await fingerprint();
    const stale = await answer('accept', { token: booking.manageToken, proposedStartTime: THURSDAY_9 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
    expect(
      (await answer('reject', { token: booking.manageToken, proposedStartTime: THURSDAY_9 })).status,
    ).toBe(409);
    expect(changedTables(fp, await fingerprint())).toEqual([]);

    // The customer moves the booking themselves: the proposal for the old time is gone.
    const moved = await world
      .api()
      .bookings.manage.reschedule.$post({ json: { token: booking.manageToken, startTime: WEDNESDAY_11 } });
    expect(moved.status).toBe(200);
    expect(await world.rowOf(booking.id)).toMatchObject({
      startTz: new Date(WEDNESDAY_11),
      proposedStartTz: null,
      proposedAt: null,
    });
    expect(
      (await answer('accept', { token: booking.manageToken, proposedStartTime: THURSDAY_10 })).status,
    ).toBe(409);
    expect((await world.rowOf(booking.id)).startTz).toEqual(new Date(WEDNESDAY_11));

    // A cancel clears it too.
    expect((await propose(booking.client, booking.id, { startTime: THURSDAY_10 })).status).toBe(200);
    const cancelled = await booking.client.post(`/api/vendor/bookings/${booking.id}/cancel`, {
      reason: 'Lluvia',
    });
    expect(cancelled.status).toBe(200);
    expect(await world.rowOf(booking.id)).toMatchObject({ status: 'cancelled', proposedStartTz: null });
    expect((await page(booking.manageToken)).proposal).toBeNull();
  });

  it('refuses to accept a proposed time another booking took meanwhile (409), keeping the booking', async () => {
    const booking = await paidBooking();
    expect((await propose(booking.client, booking.id, { startTime: THURSDAY_9 })).status).toBe(200);
    await world.requested({
      startTime: THURSDAY_9,
      vendor: booking.vendor,
      customerEmail: 'otra@example.test',
    });
    const res = await answer('accept', { token: booking.manageToken, proposedStartTime: THURSDAY_9 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { details: { reason: 'slot_taken' } } });
    expect(await world.rowOf(booking.id)).toMatchObject({
      startTz: new Date(WEDNESDAY_9),
      proposedStartTz: new Date(THURSDAY_9),
    });
    // Keeping their time still works.
    expect((await answer('reject', { token: booking.manageToken })).status).toBe(200);
  });

  it('offers the vendor its own open slots for the booking, its own time left out', async () => {
    const booking = await paidBooking();
    const res = await booking.client.get(
      `/api/vendor/bookings/${booking.id}/proposal-slots?from=2026-11-25T00:00:00.000Z&to=2026-11-27T00:00:00.000Z`,
    );
    expect(res.status).toBe(200);
    const { slots } = (await res.json()) as AvailabilityResponse;
    expect(slots).toContain(THURSDAY_9);
    expect(slots).toContain(WEDNESDAY_11);
    expect(slots).not.toContain(WEDNESDAY_9);
    const stranger = await signedInVendor();
    expect((await stranger.client.get(`/api/vendor/bookings/${booking.id}/proposal-slots`)).status).toBe(404);
  });

  it('declines a request with a reason and another time: the customer reads both and can book that time', async () => {
    world.clock.set(NOW);
    const { client, vendor } = await signedInVendor();
    const email = `rechazo.${n}@example.test`;
    const request = await world.requested({
      startTime: WEDNESDAY_9,
      vendor,
      customerEmail: email,
      customerPhone: '+52 55 1234 5678',
      whatsappOptIn: true,
    });
    const decline = (body: unknown) => client.post(`/api/vendor/bookings/${request.id}/decline`, body);

    const fp = await fingerprint();
    for (const body of [
      {},
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'Ocupada', proposeStartTime: 'jueves' },
      { reason: 'Ocupada', proposeStartTime: '2026-11-20T15:00:00.000Z' },
    ]) {
      const res = await decline(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const sameTime = await decline({ reason: 'Ocupada', proposeStartTime: WEDNESDAY_9 });
    expect(sameTime.status).toBe(400);
    const closed = await decline({ reason: 'Ocupada', proposeStartTime: SUNDAY_NIGHT });
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({ error: { details: { reason: 'slot_taken' } } });
    expect(changedTables(fp, await fingerprint())).toEqual([]);
    expect((await world.rowOf(request.id)).status).toBe('pending_vendor');

    const res = await decline({ reason: '  Ese día estoy fuera  ', proposeStartTime: THURSDAY_10 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: request.id, status: 'declined' });
    expect(await world.rowOf(request.id)).toMatchObject({
      status: 'declined',
      declineNote: 'Ese día estoy fuera',
      offeredStartTz: new Date(THURSDAY_10),
      startTz: new Date(WEDNESDAY_9),
    });

    // The booking page shows the reason and the time offered, with the form for it.
    const shown = await page(request.manageToken);
    expect(shown).toMatchObject({
      status: 'declined',
      decline_note: 'Ese día estoy fuera',
      offered: { start_time: THURSDAY_10 },
      proposal: null,
    });
    const bookPath = new URL(shown.offered!.book_path, 'http://barrio.test');
    expect(bookPath.pathname).toBe(`/public/vendor/${vendor.slug}`);
    expect(bookPath.searchParams.get('service')).toBe(request.service.id);
    expect(bookPath.searchParams.get('start')).toBe(THURSDAY_10);
    expect(await listed(client, request.id)).toMatchObject({
      decline_note: 'Ese día estoy fuera',
      offered_start_time: THURSDAY_10,
    });

    // By mail, with the link to book that time, and by WhatsApp.
    const mail = (await world.mailsTo(email)).find((m) => /rechazada/.test(m.subject));
    expect(mail?.text).toContain('Motivo: Ese día estoy fuera');
    expect(mail?.text).toMatch(/te ofrece otro horario: jueves, 26 de noviembre de 2026/);
    expect(mail?.text).toContain(`Reserva ese horario aquí: http://barrio.test${shown.offered!.book_path}`);
    const whatsapp = (await outboxOf(request.id)).find(
      (o) => templateOf(o) === 'customer_declined_with_offer',
    );
    expect(String(whatsapp?.payload.text)).toContain('Motivo: Ese día estoy fuera');

    // Answered: a second decline is refused as any answer to a processed request.
    expect((await decline({ reason: 'Otra vez' })).status).toBe(409);
    // Once the offered time has passed, the page no longer offers it.
    world.clock.set(THURSDAY_10);
    expect((await page(request.manageToken)).offered).toBeNull();
  });

  it('declines with a reason alone: no time offered', async () => {
    world.clock.set(NOW);
    const { client, vendor } = await signedInVendor();
    const request = await world.requested({
      startTime: WEDNESDAY_9,
      vendor,
      customerEmail: `solo.${n}@example.test`,
    });
    const res = await client.post(`/api/vendor/bookings/${request.id}/decline`, { reason: 'Sin material' });
    expect(res.status).toBe(200);
    expect(await page(request.manageToken)).toMatchObject({ decline_note: 'Sin material', offered: null });
    const mail = (await world.mailsTo(`solo.${n}@example.test`)).find((m) => /rechazada/.test(m.subject));
    expect(mail?.text).toContain('Motivo: Sin material');
    expect(mail?.text).not.toContain('otro horario:');
  });

  // ——— The race (PostgreSQL: the requests on separate connections of the pool) ———

  it.runIf(testEngine === 'postgres')(
    'accepting a proposal against the customer’s own reschedule: one wins, the other is told, the booking is whole',
    async () => {
      const winners = new Set<string>();
      for (let round = 0; round < 6; round++) {
        const booking = await paidBooking();
        expect((await propose(booking.client, booking.id, { startTime: THURSDAY_9 })).status).toBe(200);
        const [acceptRes, moveRes] = await Promise.all([
          answer('accept', { token: booking.manageToken, proposedStartTime: THURSDAY_9 }),
          world.api().bookings.manage.reschedule.$post({
            json: { token: booking.manageToken, startTime: WEDNESDAY_11 },
          }),
        ]);
        const row = await world.rowOf(booking.id);
        expect([acceptRes.status, moveRes.status].sort()).toEqual([200, 409]);
        expect(row.proposedStartTz).toBeNull();
        expect(row.status).toBe('paid');
        expect(row.rescheduleCount).toBe(1);
        if (acceptRes.status === 200) {
          winners.add('accept');
          expect(row.startTz).toEqual(new Date(THURSDAY_9));
          expect(await moveRes.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
        } else {
          winners.add('reschedule');
          expect(row.startTz).toEqual(new Date(WEDNESDAY_11));
          expect(await acceptRes.json()).toMatchObject({ error: { details: { reason: 'changed' } } });
        }
        expect(row.endTz.getTime() - row.startTz.getTime()).toBe(HOUR);
      }
      expect(winners.size).toBeGreaterThan(0);
    },
  );
});
