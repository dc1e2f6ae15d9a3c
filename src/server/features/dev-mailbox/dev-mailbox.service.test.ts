import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../db/schema/mail.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { listDevMail } from './dev-mailbox.service.ts';

// The dev mailbox (ARCHITECTURE §13): the newest 100, or one address's newest, however many mails
// went to others since — what a journey reading a mail sent at start-up needs.

describe(`the dev mailbox (${testEngine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const start = Date.parse('2026-12-07T12:00:00Z');
    await database.db.insert(devMailbox).values([
      { to: 'Ana@Example.test', subject: 'primero', text: 'a', links: [], sentAt: new Date(start) },
      ...Array.from({ length: 120 }, (_, i) => ({
        to: `otro${i}@example.test`,
        subject: `otro ${i}`,
        text: 'b',
        links: [],
        sentAt: new Date(start + (i + 1) * 1000),
      })),
      { to: 'ana@example.test', subject: 'último', text: 'c', links: [], sentAt: new Date(start + 200_000) },
    ]);
  });
  afterAll(() => database.close());

  it('lists the newest 100, newest first', async () => {
    const mails = await listDevMail(database.db);
    expect(mails).toHaveLength(100);
    expect(mails[0]?.subject).toBe('último');
    expect(mails.map((m) => m.subject)).not.toContain('primero');
  });

  it('lists one address’s mails, in any case, newest first', async () => {
    const mails = await listDevMail(database.db, { to: 'ANA@example.test' });
    expect(mails.map((m) => m.subject)).toEqual(['último', 'primero']);
  });
});
