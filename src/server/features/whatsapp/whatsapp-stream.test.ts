import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../db/seed/demo-people.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL } from '../../test/test-week.ts';
import { readSseEvents } from './sse.test-utils.ts';

// ARCHITECTURE §11: two instances on one PostgreSQL — a message inserted through one shows up on the
// other's SSE stream (LISTEN/NOTIFY). PGlite is one in-process database: there is no second instance.

describe.skipIf(testEngine !== 'postgres')('WhatsApp log stream across two instances (postgres only)', () => {
  let first: TestDatabase;
  let second: Database;
  let appA: Hono<AppEnv>;
  let appB: Hono<AppEnv>;

  beforeAll(async () => {
    first = await createTestDatabase();
    await seedDemoData(first.db, { vendors: 1 });
    second = await openDatabase({ databaseUrl: first.url });
    ({ app: appA } = createTestApp(first, { env: { APP_URL } }));
    ({ app: appB } = createTestApp(second, { env: { APP_URL } }));
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('a message simulated on instance A reaches the stream open on instance B', async () => {
    const onA = createHttpClient(appA, { origin: APP_URL });
    const onB = createHttpClient(appB, { origin: APP_URL });
    await onA.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
    await onB.signIn(demoAccounts.admin.email, DEMO_PASSWORD);

    const stream = await onB.get('/api/admin/whatsapp/messages/stream');
    expect(stream.status).toBe(200);
    const events = readSseEvents(stream);
    await events.next((e) => e.event === 'ready');

    const res = await onA.post('/api/admin/whatsapp/simulate', { phone: '+52 55 7777 0001', text: 'HELP' });
    expect(res.status).toBe(200);
    const { messageId } = (await res.json()) as { messageId: string };

    const inbound = await events.next((e) => e.event === 'message' && JSON.parse(e.data).id === messageId);
    expect(JSON.parse(inbound.data)).toMatchObject({ direction: 'in', body: 'HELP', phone: '+525577770001' });
    // …and the logged answer, written by A too.
    const answer = await events.next((e) => e.event === 'message' && JSON.parse(e.data).direction === 'out');
    expect(JSON.parse(answer.data)).toMatchObject({ status: 'logged', phone: '+525577770001' });
    await events.close();
  });
});
