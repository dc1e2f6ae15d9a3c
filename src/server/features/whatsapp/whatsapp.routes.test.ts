import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  PendingAppointment,
  SelfTestResult,
  WhatsAppMessage,
  WhatsAppStatus,
} from '../../../shared/whatsapp.schemas.ts';
import { user } from '../../db/schema/auth.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { profiles } from '../../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../db/seed/demo-people.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { useSeededApp } from '../../test/seeded-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW } from '../../test/test-week.ts';
import { readSseEvents } from './sse.test-utils.ts';

// The testing and status pages' API (ARCHITECTURE §6, §12): admin only; simulations go through the same
// command handler as the webhook; the log streams live over SSE.

// Sunday 12:00 in Mexico City; vendors keep the default week (Mon–Fri 09:00–17:00).
const MONDAY_10 = '2026-11-23T16:00:00Z';
const MONDAY_12 = '2026-11-23T18:00:00Z';

describe(`WhatsApp admin API (${testEngine})`, () => {
  const clock = fixedClock(NOW);
  const world = useSeededApp({
    vendors: 1,
    seededAt: new Date(NOW),
    clock,
    env: { APP_URL, RATE_LIMITS: 'off' },
  });
  let admin: HttpClient;
  let phoneSeq = 10;

  beforeAll(async () => {
    admin = await world.signedIn('admin');
  });
  beforeEach(() => clock.set(NOW));

  async function vendor(overrides: Parameters<typeof insertVendor>[1] = {}) {
    const phone = `+5255${String(4000_0000 + phoneSeq++)}`;
    const row = await insertVendor(world.db, {
      businessPhone: phone,
      languages: ['Spanish'],
      ...overrides,
    });
    const service = await insertService(world.db, row.id, {
      name: 'Limpieza profunda',
      durationMinutes: 60,
    });
    return { ...row, phone: row.businessPhone!, service };
  }

  async function pendingBooking(v: Awaited<ReturnType<typeof vendor>>, start = MONDAY_10) {
    const customer = await insertCustomer(world.db);
    const [row] = await world.db
      .insert(appointments)
      .values(
        appointmentValues(v.id, customer, start, 60, {
          serviceId: v.service.id,
          status: 'pending_vendor',
          amountMxn: 45_000,
          confirmTokenExpiresAt: new Date(start),
          createdAt: new Date(NOW),
        }),
      )
      .returning();
    return row!;
  }

  async function simulate(phone: string, text: string) {
    const res = await admin.post('/api/admin/whatsapp/simulate', { phone, text });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { reply: string; command: string; phone: string; messageId: string };
  }

  const statusOf = async (id: string) =>
    (await world.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;

  it('is admin only: 401 signed out, 403 for a customer', async () => {
    const anonymous = world.client();
    expect((await anonymous.get('/api/admin/whatsapp/messages')).status).toBe(401);
    const customer = world.client();
    await customer.signIn(demoAccounts.customer.email, DEMO_PASSWORD);
    for (const [method, path] of [
      ['GET', '/api/admin/whatsapp/messages'],
      ['GET', '/api/admin/whatsapp/status'],
      ['POST', '/api/admin/whatsapp/simulate'],
      ['POST', '/api/admin/whatsapp/notify'],
      ['POST', '/api/admin/whatsapp/self-test'],
    ] as const) {
      const res =
        method === 'GET'
          ? await customer.get(path)
          : await customer.post(path, { phone: '5512345678', text: 'HELP' });
      expect(res.status, path).toBe(403);
    }
  });

  it('simulate: an unknown sender gets the REGISTER hint; REGISTER gets the signup link with the phone', async () => {
    const hint = await simulate('+52 55 9999 0001', 'hola');
    expect(hint.reply).toContain('REGISTRO');
    const register = await simulate('5215599990001', 'registro');
    expect(register.command).toBe('register');
    expect(register.reply).toContain(`${APP_URL}/vendor-signup?phone=%2B525599990001`);
    // Both stored: the inbound message and its (logged, never sent) answer.
    const log = await world.db.select().from(messages).where(eq(messages.phone, '+525599990001'));
    expect(log.map((m) => `${m.direction}:${m.status}`).sort()).toEqual([
      'in:received',
      'in:received',
      'out:logged',
      'out:logged',
    ]);
  });

  it('simulate: HELP in Spanish, in English for a vendor without Spanish; anything else → HELP', async () => {
    const es = await vendor();
    expect((await simulate(es.phone, 'AYUDA')).reply).toContain('Comandos de Barrio');
    expect((await simulate(es.phone, '¿cómo funciona?')).reply).toContain('Comandos de Barrio');
    const en = await vendor({ languages: ['English'] });
    expect((await simulate(en.phone, 'help')).reply).toContain('Barrio commands');
  });

  it("simulate: answers in the vendor's account's language, whatever languages they list (decision 068)", async () => {
    const accountIn = async (language: 'en' | 'es-MX') => {
      const id = randomUUID();
      await world.db.insert(user).values({ id, name: 'Owner', email: `${id}@example.test` });
      await world.db.insert(profiles).values({ userId: id, email: `${id}@example.test`, language });
      return id;
    };
    const english = await vendor({ languages: ['Spanish'], userId: await accountIn('en') });
    expect((await simulate(english.phone, 'AYUDA')).reply).toContain('Barrio commands');
    const spanish = await vendor({ languages: ['English'], userId: await accountIn('es-MX') });
    expect((await simulate(spanish.phone, 'help')).reply).toContain('Comandos de Barrio');
  });

  it('simulate: CONFIRM without a code confirms the only pending request (matched in the 521 form)', async () => {
    const v = await vendor();
    const booking = await pendingBooking(v);
    const oldForm = v.phone.replace('+52', '+521');
    const result = await simulate(oldForm, 'confirm');
    expect(result.reply).toContain(`Reserva ${booking.code} confirmada exitosamente`);
    expect(await statusOf(booking.id)).toBe('awaiting_payment');
    // Again: the same service says it was already processed.
    expect((await simulate(v.phone, `CONFIRM ${booking.code}`)).reply).toContain(
      `Esta reserva (${booking.code}) ya fue confirmada`,
    );
  });

  it('simulate: with two pending requests, CONFIRM asks for the code; DENY <code> declines that one', async () => {
    const v = await vendor();
    const first = await pendingBooking(v, MONDAY_10);
    const second = await pendingBooking(v, MONDAY_12);
    const ask = await simulate(v.phone, 'CONFIRMAR');
    expect(ask.reply).toContain(first.code);
    expect(ask.reply).toContain(second.code);
    expect(await statusOf(first.id)).toBe('pending_vendor');

    expect((await simulate(v.phone, `deny ${second.code.toLowerCase()}`)).reply).toContain(
      `Reserva ${second.code} rechazada`,
    );
    expect(await statusOf(second.id)).toBe('declined');
    expect(await statusOf(first.id)).toBe('pending_vendor');
    expect((await simulate(v.phone, 'CONFIRM ZZZZZZ')).reply).toContain('No encontramos una reserva tuya');
  });

  it('simulate a tap: the list row the question offered confirms that booking; the log keeps the list', async () => {
    const v = await vendor();
    const first = await pendingBooking(v, MONDAY_10);
    const second = await pendingBooking(v, MONDAY_12);
    await simulate(v.phone, 'sí');
    const [question] = await world.db
      .select()
      .from(messages)
      .where(and(eq(messages.direction, 'out'), eq(messages.phone, v.phone)));
    expect(question!.interactive).toMatchObject({
      kind: 'list',
      rows: [{ id: `confirm:${first.code}` }, { id: `confirm:${second.code}` }],
    });
    const res = await admin.post('/api/admin/whatsapp/simulate', {
      phone: v.phone,
      text: second.code,
      replyId: `confirm:${second.code}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { reply: string }).reply).toContain(`Reserva ${second.code} confirmada`);
    expect(await statusOf(second.id)).toBe('awaiting_payment');
    expect(await statusOf(first.id)).toBe('pending_vendor');
    // An id longer than Meta's 256 characters is a 400 and changes nothing.
    const tooLong = await admin.post('/api/admin/whatsapp/simulate', {
      phone: v.phone,
      text: 'Confirmar',
      replyId: `confirm:${'X'.repeat(260)}`,
    });
    expect(tooLong.status).toBe(400);
  });

  it('simulate: another vendor cannot answer a booking by its code', async () => {
    const owner = await vendor();
    const booking = await pendingBooking(owner);
    const other = await vendor();
    expect((await simulate(other.phone, `CONFIRM ${booking.code}`)).reply).toContain('No encontramos');
    expect(await statusOf(booking.id)).toBe('pending_vendor');
  });

  it('simulate: AVAILABILITY lists the weekly schedule and the next free slots', async () => {
    const v = await vendor();
    const { reply } = await simulate(v.phone, 'disponibilidad');
    expect(reply).toContain('Lunes: 09:00–17:00');
    expect(reply).toContain('Sábado: cerrado');
    expect(reply).toContain('Próximos espacios libres (Limpieza profunda)');
    expect(reply).toMatch(/lun.*23/i); // Monday the 23rd is the first open day
  });

  it('simulate: refuses a phone that is not one (400) and stores nothing', async () => {
    const before = (await world.db.select().from(messages)).length;
    const res = await admin.post('/api/admin/whatsapp/simulate', { phone: 'abc', text: 'HELP' });
    expect(res.status).toBe(400);
    expect((await admin.post('/api/admin/whatsapp/simulate', { phone: '5512345678', text: '' })).status).toBe(
      400,
    );
    expect((await world.db.select().from(messages)).length).toBe(before);
  });

  it('messages: the latest 10 by default, newest first', async () => {
    const v = await vendor();
    for (let i = 0; i < 6; i++) {
      clock.advance(1000);
      await simulate(v.phone, `HELP ${i}`);
    }
    const res = await admin.get('/api/admin/whatsapp/messages');
    const { items } = (await res.json()) as { items: WhatsAppMessage[] };
    expect(items).toHaveLength(10);
    const times = items.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items[0]).toMatchObject({ direction: 'out', status: 'logged', vendor_name: v.businessName });
    expect(
      ((await (await admin.get('/api/admin/whatsapp/messages?limit=3')).json()) as { items: unknown[] })
        .items,
    ).toHaveLength(3);
    expect((await admin.get('/api/admin/whatsapp/messages?limit=500')).status).toBe(400);
  });

  it('notify: queues the booking request for a pending appointment; test notification needs a phone', async () => {
    const v = await vendor();
    const booking = await pendingBooking(v);
    const pending = (await (await admin.get('/api/admin/whatsapp/pending-appointments')).json()) as {
      items: PendingAppointment[];
    };
    expect(pending.items.map((p) => p.id)).toContain(booking.id);

    const res = await admin.post('/api/admin/whatsapp/notify', { appointmentId: booking.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      queued: true,
      to: v.phone,
      transport: 'log',
      hasAccessToken: false,
    });
    const [item] = await world.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'whatsapp'), eq(outbox.status, 'pending')));
    expect(item!.payload).toMatchObject({ type: 'booking_request', appointmentId: booking.id, to: v.phone });
    expect(String(item!.payload.text)).toContain(`CONFIRMAR ${booking.code}`);

    await world.db.update(appointments).set({ status: 'declined' }).where(eq(appointments.id, booking.id));
    expect((await admin.post('/api/admin/whatsapp/notify', { appointmentId: booking.id })).status).toBe(409);
    expect((await admin.post('/api/admin/whatsapp/notify', { appointmentId: 'nope' })).status).toBe(400);

    expect((await admin.post('/api/admin/whatsapp/notify', { test: true })).status).toBe(400); // admin has no phone
    const test = await admin.post('/api/admin/whatsapp/notify', { test: true, phone: '55 1234 0000' });
    expect(test.status).toBe(200);
    expect(await test.json()).toMatchObject({ to: '+525512340000' });
  });

  it('status: flags and counters, never a secret value', async () => {
    const secret = 'super-secret-token-value';
    const configured = createTestApp(world.database, {
      clock,
      env: {
        APP_URL,
        WHATSAPP_TOKEN: secret,
        WHATSAPP_PHONE_NUMBER_ID: '123',
        WHATSAPP_APP_SECRET: 'app-secret-value',
        WHATSAPP_VERIFY_TOKEN: 'verify-me',
      },
    }).app;
    const c = createHttpClient(configured, { origin: APP_URL });
    await c.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
    const res = await c.get('/api/admin/whatsapp/status');
    const text = await res.clone().text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain('app-secret-value');
    const status = (await res.json()) as WhatsAppStatus;
    expect(status).toMatchObject({
      transport: 'cloud',
      hasAccessToken: true,
      hasPhoneNumberId: true,
      hasAppSecret: true,
      hasVerifyToken: true,
      webhookUrl: `${APP_URL}/api/webhooks/whatsapp`,
      verifyToken: 'verify-me',
    });
    const total = (await world.db.select().from(messages)).length;
    expect(status.counts.totalMessages).toBe(total);
    expect(status.counts.vendorsWithPhone).toBeGreaterThan(0);
    expect(status.counts.pendingVendorBookings).toBeGreaterThan(0);
  });

  describe('self-test', () => {
    let graph: FakeGraphApi;
    beforeAll(async () => {
      graph = await startFakeGraphApi({ token: 'tok', phoneNumberId: '555' });
    });
    afterAll(() => graph.close());

    it('fails the webhook check when the app secret and verify token are missing; credentials skipped on the log transport', async () => {
      const { checks, ok } = (await (
        await admin.post('/api/admin/whatsapp/self-test')
      ).json()) as SelfTestResult;
      expect(ok).toBe(false);
      expect(checks.map((c) => [c.name, c.outcome])).toEqual([
        ['webhook', 'failed'],
        ['notification', expect.any(String)],
        ['credentials', 'skipped'],
      ]);
      // Named for the page to say in its language, with the settings that are missing.
      expect(checks[0]).toMatchObject({
        reason: 'webhook_secrets_missing',
        params: { missing: 'WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET' },
      });
      expect(checks[2]).toMatchObject({ reason: 'credentials_log_transport', params: {} });
    });

    // On the log transport nothing reaches a phone, and the test says so.
    it('says notifications are logged, not sent, on the log transport', async () => {
      await world.db.delete(outbox); // earlier tests left items no dispatcher runs here
      const { checks } = (await (await admin.post('/api/admin/whatsapp/self-test')).json()) as SelfTestResult;
      expect(checks[1]).toMatchObject({
        name: 'notification',
        outcome: 'logged',
        reason: 'notifications_logged',
      });
      expect(checks[1]!.message).toMatch(/logged.*not sent/);
      expect(checks[1]!.message).not.toMatch(/delivered/);
    });

    it('passes all three with a configured webhook and Graph API', async () => {
      await world.db.delete(outbox); // earlier tests left items no dispatcher runs here
      const configured = createTestApp(world.database, {
        clock,
        env: {
          APP_URL,
          WHATSAPP_TOKEN: 'tok',
          WHATSAPP_PHONE_NUMBER_ID: '555',
          WHATSAPP_APP_SECRET: 's',
          WHATSAPP_VERIFY_TOKEN: 'v',
          WHATSAPP_API_BASE: graph.baseUrl,
        },
      }).app;
      const c = createHttpClient(configured, { origin: APP_URL });
      await c.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
      const result = (await (await c.post('/api/admin/whatsapp/self-test')).json()) as SelfTestResult;
      expect(result.checks.map((x) => [x.outcome, x.reason])).toEqual([
        ['passed', 'webhook_ok'],
        ['passed', 'notifications_delivered'],
        ['passed', 'credentials_connected'],
      ]);
      expect(result.ok).toBe(true);

      // A WhatsApp item overdue by more than 10 minutes fails the notification check.
      await world.db.insert(outbox).values({
        kind: 'whatsapp',
        payload: { type: 'test', to: '+525512340000' },
        nextAttemptAt: new Date(Date.parse(NOW) - 11 * 60_000),
      });
      const stuck = (await (await c.post('/api/admin/whatsapp/self-test')).json()) as SelfTestResult;
      expect(stuck.checks[1]).toMatchObject({
        name: 'notification',
        outcome: 'failed',
        reason: 'notifications_overdue',
        params: { count: 1 },
      });
    });
  });

  it('stream: a new message reaches an open SSE stream', async () => {
    const v = await vendor();
    const res = await admin.get('/api/admin/whatsapp/messages/stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = readSseEvents(res);
    await events.next((e) => e.event === 'ready');
    const { messageId } = await simulate(v.phone, 'HELP');
    const event = await events.next((e) => e.event === 'message' && JSON.parse(e.data).id === messageId);
    expect(JSON.parse(event.data)).toMatchObject({ direction: 'in', body: 'HELP', phone: v.phone });
    await events.close();
  });
});
