import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { createPublicListCache, type PublicListCache } from './public-list-cache.ts';

// Decision 026: the public lists are kept in memory until a statement changes vendor_profiles or
// services (the trigger of migration 0007 publishes it; every instance listens).

/** Polls `check` until it holds (a notification arrives after the commit, not with it). */
async function eventually(check: () => Promise<boolean> | boolean, attempts = 100) {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}

/** A counter behind `cache` under key 'k', once the cache listens and serves it from memory. */
async function countingBehind(cache: PublicListCache) {
  let computed = 0;
  const compute = async () => ++computed;
  // Until it listens, the cache serves nothing from memory.
  await eventually(async () => {
    await cache.get('k', compute);
    return cache.hits > 0;
  });
  return { compute, computed: () => computed };
}

describe(`public list cache (${testEngine})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers from memory until a vendor or a service changes, by any statement', async () => {
    const cache = createPublicListCache(database.notifications);
    const { compute, computed } = await countingBehind(cache);
    const before = computed();
    expect(await cache.get('k', compute)).toBe(before);
    expect(computed()).toBe(before);

    const vendor = await insertVendor(database.db);
    await eventually(async () => (await cache.get('k', compute)) > before);
    const afterVendor = computed();

    await insertService(database.db, vendor.id);
    await eventually(async () => (await cache.get('k', compute)) > afterVendor);
  });

  it('computes an answer once for the requests that miss it together', async () => {
    let clock = 0;
    const cache = createPublicListCache(database.notifications, { maxAgeMs: 1_000, now: () => clock });
    const { computed } = await countingBehind(cache);
    clock += 1_001;
    let finish = (_value: number) => {};
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const together = [cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)];
    finish(computed() + 1);
    expect(await Promise.all(together)).toEqual([computed() + 1, computed() + 1, computed() + 1]);
    expect(calls).toBe(1);
    expect(await cache.get('k', slow)).toBe(computed() + 1);
    expect(calls).toBe(1);
  });

  it('lets a failed computation fail every request that shared it, and the next one try again', async () => {
    const cache = createPublicListCache(database.notifications);
    await countingBehind(cache);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('database down');
    };
    const together = await Promise.allSettled([cache.get('other', failing), cache.get('other', failing)]);
    expect(together.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.get('other', failing)).rejects.toThrow('database down');
    expect(calls).toBe(2);
  });

  it('keeps nothing older than its age limit', async () => {
    let clock = 0;
    const cache = createPublicListCache(database.notifications, { maxAgeMs: 1_000, now: () => clock });
    const { compute, computed } = await countingBehind(cache);
    const cached = computed();
    clock += 1_001;
    expect(await cache.get('k', compute)).toBe(cached + 1);
  });

  it('shows a new vendor in Browse Vendors and the directory once it is written', async () => {
    const { app } = createTestApp(database);
    const names = async (path: string) =>
      ((await (await app.request(path)).json()) as { items: { business_name: string }[] }).items.map(
        (v) => v.business_name,
      );
    const path = '/api/vendors?category=pets&limit=12';
    await names(path);
    await names(path);
    const newcomer = await insertVendor(database.db, {
      businessName: 'Paseos Recién Llegados',
      serviceCategory: 'pets',
    });
    await insertService(database.db, newcomer.id);
    await eventually(async () => (await names(path)).includes('Paseos Recién Llegados'));
  });
});
