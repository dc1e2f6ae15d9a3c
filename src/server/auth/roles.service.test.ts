import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema/auth.ts';
import { demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { grantAdminByEmail, isAdmin } from './roles.service.ts';

describe(`admin:grant (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1 });
  });
  afterAll(() => database.close());

  it('grants the role once, in any letter case, and refuses an unknown email', async () => {
    const rows = await database.db.select().from(user);
    const customer = rows.find((u) => u.email === demoAccounts.customer.email)!;
    expect(await isAdmin(database.db, customer.id)).toBe(false);
    expect(await grantAdminByEmail(database.db, ' Customer@Barrio.test ')).toBe(true);
    expect(await isAdmin(database.db, customer.id)).toBe(true);
    expect(await grantAdminByEmail(database.db, demoAccounts.customer.email)).toBe(false);
    await expect(grantAdminByEmail(database.db, 'nobody@barrio.test')).rejects.toThrow(
      /No account with the email/,
    );
  });
});
