import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/mail.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { createDevMailboxTransport } from './dev-mailbox-transport.ts';

// The dev mailbox keeps each mail's links for the person (or e2e journey) reading it, but not
// forever: a mail older than the retention is gone when the next one arrives.

const DAY = 24 * 60 * 60_000;
const LINK =
  'http://barrio.test/vendor-confirm?token=k3Jq_Zx9-aB0cD1eF2gH3iJ4kL5mN6oP7qR8sT9uV0w&action=confirm';

describe(`dev mailbox transport (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the links whole, and deletes mails past the retention at the next send', async () => {
    const clock = fixedClock('2026-11-22T18:00:00Z');
    const mailbox = createDevMailboxTransport({ db: database.db, clock, retentionDays: 7 });
    const subjects = async () => (await database.db.select().from(devMailbox)).map((m) => m.subject).sort();

    await mailbox.send({ to: 'v@example.test', subject: 'first', text: `Confirmar: ${LINK}` });
    const [first] = await database.db.select().from(devMailbox);
    expect(first).toMatchObject({ text: `Confirmar: ${LINK}`, links: [LINK] });

    clock.advance(6 * DAY);
    await mailbox.send({ to: 'v@example.test', subject: 'second', text: 'Hola' });
    expect(await subjects()).toEqual(['first', 'second']);

    clock.advance(DAY + 60_000); // the first is now 7 days and a minute old
    await mailbox.send({ to: 'v@example.test', subject: 'third', text: 'Hola' });
    expect(await subjects()).toEqual(['second', 'third']);
  });
});
