import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import { grantAdminByEmail } from '../../auth/roles.service.ts';
import { fixedClock } from '../../lib/clock.ts';
import { csvField } from '../../lib/csv.ts';
import { insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW } from '../../test/test-week.ts';

// Decision 049: the CSV export streams — the memory it keeps is the same for 1,000 rows
// as for 100,000, through the real route on the real database. Rows are made by one generate_series
// statement; the export is read to its end as a browser would, and the heap is measured after a full
// collection every few chunks, so that what counts is what the export keeps, not garbage not yet
// collected. Buffered, 100,000 rows are tens of megabytes (each line is about 300 bytes as text,
// several times that as row objects); streamed, a page of rows at a time (CSV_PAGE_ROWS).

const MB = 1024 * 1024;

// A full collection on demand: the flag is set before the function is fetched from a new context.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe(`CSV export memory (${testEngine})`, () => {
  let database: TestDatabase;
  let app: Hono<AppEnv>;
  let admin: HttpClient;
  let vendorId: string;
  let serviceId: string;
  let customerId: string;
  let made = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } }));
    admin = createHttpClient(app, { origin: APP_URL });
    const signUp = await admin.post('/api/auth/sign-up/email', {
      name: 'Admin Export',
      email: 'admin.export@example.test',
      password: 'Admin#Export2026',
    });
    expect(signUp.status).toBe(200);
    expect(await grantAdminByEmail(database.db, 'admin.export@example.test')).toBe(true);
    const vendor = await insertVendor(database.db, { businessName: 'Pintura Del Valle' });
    vendorId = vendor.id;
    serviceId = (await insertService(database.db, vendor.id, { durationMinutes: 60 })).id;
    customerId = (await insertCustomer(database.db)).id;
  }, 60_000);
  afterAll(() => database?.close());

  /** `count` more past bookings (expired: outside the exclusion constraint), in one statement. */
  async function makeBookings(count: number) {
    const from = made + 1;
    const to = made + count;
    await database.db.execute(sql`
      insert into appointments (status, vendor_profile_id, service_id, customer_id, start_tz, end_tz,
        amount_mxn, notes, customer_name, customer_email, customer_phone, code, created_at, updated_at)
      select 'expired', ${vendorId}, ${serviceId}, ${customerId},
        timestamptz '2026-01-01T15:00:00Z' + g * interval '1 minute',
        timestamptz '2026-01-01T16:00:00Z' + g * interval '1 minute',
        45000, 'Portón negro, tocar dos veces; "interior" ' || g, 'Cliente ' || g,
        'cliente' || g || '@example.test', '+5255' || lpad(g::text, 8, '0'),
        upper(substr(md5(g::text), 1, 6)),
        timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second',
        timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g`);
    made = to;
  }

  /**
   * Reads the whole export as a client does, chunk by chunk, keeping nothing but counts. Returns the
   * rows read and the most the heap held above where it started, measured after full collections.
   */
  async function exportMeasured() {
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    const res = await admin.get(`/api/admin/bookings.csv?vendor_profile_id=${vendorId}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 0x0a) lines++;
      if (++chunks % 5 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    return { rows: lines - 1, bytes, chunks, peak };
  }

  it('keeps memory flat from 1,000 to 100,000 rows', async () => {
    await makeBookings(1_000);
    const small = await exportMeasured();
    expect(small.rows).toBe(1_000);
    await makeBookings(99_000);
    const large = await exportMeasured();
    expect(large.rows).toBe(100_000);
    // 100,000 lines of about 190 bytes: what buffering would hold as text alone.
    expect(large.bytes).toBeGreaterThan(15 * MB);
    console.info(
      `CSV export (${testEngine}): 1,000 rows ${(small.bytes / MB).toFixed(1)} MB, heap kept +${(small.peak / MB).toFixed(1)} MB; ` +
        `100,000 rows ${(large.bytes / MB).toFixed(1)} MB in ${large.chunks} chunks, heap kept +${(large.peak / MB).toFixed(1)} MB`,
    );
    // Streamed: the large export keeps about what the small one does — one page — far below the
    // size of its own text, which buffering would have to hold.
    expect(large.peak).toBeLessThan(small.peak + 8 * MB);
    expect(large.peak).toBeLessThan(large.bytes / 4);
  }, 240_000);
});

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+cmd|x', "'+cmd|x"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['=A1,"x"', `"'=A1,""x"""`],
    ['+525512345678', '+525512345678'],
    ['-12.50', '-12.50'],
  ])('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('writes nothing for a missing value and numbers as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(45000)).toBe('45000');
  });
});
