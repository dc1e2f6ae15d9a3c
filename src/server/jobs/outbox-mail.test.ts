import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueMail, mailOutboxHandler } from '../features/outbox/outbox.service.ts';
import type { MailMessage, MailTransport } from '../integrations/mail/mail-transport.ts';
import { fixedClock } from '../lib/clock.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/test-db.ts';
import { createOutboxDispatcher } from './outbox.ts';

describe(`mail through the outbox (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('sends a mail queued in a transaction through the mail transport', async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = { kind: 'dev-mailbox', send: async (m) => void sent.push(m) };
    const mail = {
      to: 'ana@example.test',
      subject: 'Tu reserva',
      text: 'Hola',
      attachments: [{ filename: 'cita.ics', content: 'BEGIN:VCALENDAR' }],
    };
    await database.db.transaction((tx) => enqueueMail(tx, mail));
    const dispatcher = createOutboxDispatcher({
      db: database.db,
      clock: fixedClock(new Date()),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      handlers: { mail: mailOutboxHandler(transport) },
    });
    expect(await dispatcher.runOnce()).toMatchObject({ sent: 1 });
    expect(sent).toEqual([mail]);
  });

  it('refuses to queue or send a mail without a valid recipient', async () => {
    await expect(enqueueMail(database.db, { to: 'nobody', subject: 'x', text: '' })).rejects.toThrow();
    const send = vi.fn();
    await expect(
      mailOutboxHandler({ kind: 'smtp', send })(
        { subject: 'x' },
        { id: '1', kind: 'mail', payload: {}, attempts: 1 },
      ),
    ).rejects.toThrow();
    expect(send).not.toHaveBeenCalled();
  });
});
