import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import type { Clock } from '../lib/clock.ts';
import { createHttpClient } from './http-client.ts';
import { createTestApp } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

// The world of the tests about accounts and what each may do: the real app over a test database
// holding the demo data (db/seed), whose three accounts sign in with the demo password. Bookings
// have their own world (booking-scenario.ts).

export interface SeededAppOptions {
  /** How many demo vendors the seed makes. */
  vendors: number;
  /** The seed's "now", which its bookings are placed around; the real time when unset. */
  seededAt?: Date;
  clock?: Clock;
  /** The app's environment; its APP_URL is the origin the browsers send. */
  env: Record<string, string> & { APP_URL: string };
}

export async function createSeededApp({ vendors, seededAt, clock, env }: SeededAppOptions) {
  const database = await createTestDatabase();
  try {
    await seedDemoData(database.db, { vendors, now: seededAt });
  } catch (err) {
    await database.close();
    throw err;
  }
  const made = createTestApp(database, { clock, env });
  /** A fresh browser: no cookies, an IP address of its own. */
  const client = () => createHttpClient(made.app, { origin: env.APP_URL });
  /** A fresh browser signed in as one of the demo accounts. */
  async function signedIn(who: keyof typeof demoAccounts) {
    const browser = client();
    await browser.signIn(demoAccounts[who].email, DEMO_PASSWORD);
    return browser;
  }
  return { ...made, database, client, signedIn, close: () => database.close() };
}

export type SeededApp = Awaited<ReturnType<typeof createSeededApp>>;

/**
 * The seeded app of the enclosing describe block: made before its tests, closed after them. Its
 * fields are there from the block's first beforeAll on (hooks run in the order they are declared).
 */
export function useSeededApp(options: SeededAppOptions): SeededApp {
  const world = {} as SeededApp;
  beforeAll(async () => {
    Object.assign(world, await createSeededApp(options));
  });
  afterAll(() => world.close?.());
  return world;
}
