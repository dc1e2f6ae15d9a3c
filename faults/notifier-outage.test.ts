import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messages, outbox } from '../src/server/db/schema/messaging.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../src/server/test/fake-graph-api.ts';
import { createTestDatabase, type TestDatabase } from '../src/server/test/test-db.ts';
import { bookingLoad, created, findSlots, postBooking } from './support/bookings.ts';
import { type FakeSmtp, startFakeSmtp } from './support/fake-smtp.ts';
import { type ServerProcess, startServer, waitFor } from './support/server-process.ts';

// Fault 2: the mail server and WhatsApp's Graph API fail for a while (SMTP 451, HTTP 503)
// while bookings queue notifications; then they recover. Every queued item must be delivered
// exactly once: counted at the fake servers and in the outbox, whose rows must all end 'sent'.

const PORT = 3320;
const BOOKINGS = 12;
const TOKEN = 'faults-graph-token';
const PHONE_NUMBER_ID = '109876543210';

describe('mail and WhatsApp failing for a while', () => {
  let database: TestDatabase;
  let graph: FakeGraphApi | undefined;
  let smtp: FakeSmtp | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await graph?.close();
    await smtp?.close();
    await database?.close();
  });

  const outboxCounts = async () => {
    const rows = await database.db
      .select({
        status: outbox.status,
        n: sql<number>`count(*)::int`,
        retried: sql<number>`count(*) filter (where ${outbox.attempts} >= 2)::int`,
      })
      .from(outbox)
      .groupBy(outbox.status);
    const of = (status: string) => rows.find((r) => r.status === status);
    return {
      pending: of('pending')?.n ?? 0,
      pendingRetried: of('pending')?.retried ?? 0,
      sent: of('sent')?.n ?? 0,
      failed: of('failed')?.n ?? 0,
    };
  };

  it('delivers every queued mail and WhatsApp message once after the outage', async () => {
    database = await createTestDatabase();
    graph = await startFakeGraphApi({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
    smtp = await startFakeSmtp();
    server = await startServer({
      name: 'instance',
      port: PORT,
      env: {
        DATABASE_URL: database.url!,
        SMTP_URL: smtp.url,
        WHATSAPP_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_API_BASE: graph.baseUrl,
        OUTBOX_POLL_MS: '100',
        OUTBOX_RETRY_MS: '200',
      },
    });
    // What the demo seed queued goes out first, so that the outage covers only the bookings' items.
    await waitFor('the seed’s notifications delivered', async () => {
      const counts = await outboxCounts();
      return counts.pending === 0 ? counts : undefined;
    });
    const slots = await findSlots(server.baseUrl, BOOKINGS);

    smtp.fail(true);
    graph.behave({ kind: 'down' });
    const base = server.baseUrl;
    const load = bookingLoad({
      slots,
      concurrency: 4,
      send: (slot, n) => postBooking(base, { origin: base, slot, n }),
    });
    await load.finished;
    const bookings = created(load.outcomes);
    expect(bookings).toHaveLength(BOOKINGS);
    // Every queued item has failed at least once before the services come back.
    const duringOutage = await waitFor('every queued item to fail at least once', async () => {
      const counts = await outboxCounts();
      return counts.pending >= 2 * BOOKINGS && counts.pendingRetried === counts.pending ? counts : undefined;
    });
    smtp.fail(false);
    graph.behave({ kind: 'ok' });

    const final = await waitFor('every outbox item delivered', async () => {
      const counts = await outboxCounts();
      return counts.pending === 0 ? counts : undefined;
    });

    // Mail: one SMTP message per outbox row, to the same recipients.
    const mailRows = await database.db
      .select({ to: sql<string>`${outbox.payload}->>'to'` })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'));
    const recipients = (list: string[]) => [...list].sort();
    expect(recipients(smtp.accepted.map((to) => to.join(',')))).toEqual(
      recipients(mailRows.map((r) => r.to)),
    );
    for (const n of slots.keys()) {
      const receipts = smtp.accepted.filter((to) => to.includes(`fault.${n}@example.test`)).length;
      expect(receipts, `customer ${n} receives one receipt`).toBe(1);
    }

    // WhatsApp: one accepted Graph send per outbox row, each stored once with its wamid, and one
    // booking request per booking whose vendor has a phone.
    const whatsappRows = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.kind, 'whatsapp'));
    const sentMessages = await database.db
      .select({ externalId: messages.externalId, appointmentId: messages.appointmentId })
      .from(messages)
      .where(and(eq(messages.direction, 'out'), eq(messages.status, 'sent')));
    expect(graph.sent).toHaveLength(whatsappRows.length);
    expect(sentMessages.map((m) => m.externalId).sort()).toEqual(graph.sent.map((s) => s.wamid).sort());
    const queuedFor = await database.db
      .select({ appointmentId: sql<string>`${outbox.payload}->>'appointmentId'` })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'whatsapp'),
          inArray(
            sql`${outbox.payload}->>'appointmentId'`,
            bookings.map((b) => b.id),
          ),
        ),
      );
    expect(queuedFor.length).toBeGreaterThan(0);
    for (const { id, code } of bookings) {
      const queued = queuedFor.filter((q) => q.appointmentId === id).length;
      const sent = sentMessages.filter((m) => m.appointmentId === id).length;
      expect(sent, `WhatsApp booking requests sent for ${code}`).toBe(queued);
    }

    const graphDown = graph.requests.length - graph.sent.length;
    console.info(
      `[faults] notifier outage: ${BOOKINGS} bookings queued ${duringOutage.pending} items while SMTP and ` +
        `WhatsApp failed (${smtp.refused} SMTP refusals, ${graphDown} Graph API 503s); after recovery ` +
        `${final.sent} outbox items sent, ${final.failed} failed, ${final.pending} pending; delivered: ` +
        `${smtp.accepted.length} mails for ${mailRows.length} mail items, ${graph.sent.length} WhatsApp ` +
        `messages for ${whatsappRows.length} WhatsApp items`,
    );
    expect(final).toMatchObject({ failed: 0, pending: 0 });
    expect(smtp.refused).toBeGreaterThan(0);
    expect(graphDown).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
  });
});
