import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeleteContactsResponse,
  ProcessContactsResponse,
  RecommendationsResponse,
} from '../../../shared/contacts.ts';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { contactHashes, recommendations } from '../../db/schema/contacts.ts';
import { profiles } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { contactHashKey, hashContactValue, IN_CONTACTS_SCORE } from './contacts.service.ts';

// Issue 10 through the real app: POST /api/me/contacts, GET /api/me/recommendations and
// DELETE /api/me/contacts, signed in as real accounts.
const APP_URL = 'http://barrio.test';
const NOW = '2026-11-22T18:00:00Z';
const DAY = 24 * 60 * 60_000;

/** db.execute() answers `{rows}` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe(`contacts and recommendations (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let authSecret: string;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    let config: { authSecret: string };
    ({ app, config } = createTestApp(database, { clock, env: { APP_URL, RATE_LIMITS: 'off' } }));
    authSecret = config.authSecret;
  });
  afterAll(() => database.close());

  const client = () => createHttpClient(app, { origin: APP_URL });
  let people = 0;

  async function signUp(label: string): Promise<{ http: HttpClient; id: string; email: string }> {
    const http = client();
    const email = `${label}.${people++}@example.test`;
    const res = await http.post('/api/auth/sign-up/email', { name: label, email, password: 'Contacts#2026' });
    expect(res.status, await res.clone().text()).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    return { http, id: user.id, email };
  }

  async function process(http: HttpClient, body: unknown): Promise<ProcessContactsResponse> {
    const res = await http.post('/api/me/contacts', body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ProcessContactsResponse;
  }

  async function recommended(http: HttpClient) {
    const res = await http.get('/api/me/recommendations');
    expect(res.status).toBe(200);
    return ((await res.json()) as RecommendationsResponse).items;
  }

  /** A customer (a guest booking, or another user's) with appointments of the given statuses. */
  async function bookingsBy(
    customer: Parameters<typeof insertCustomer>[1],
    bookings: {
      vendorId: string;
      status: 'paid' | 'confirmed' | 'pending_vendor' | 'cancelled';
      daysAgo: number;
    }[],
  ) {
    const row = await insertCustomer(database.db, customer);
    for (const [i, b] of bookings.entries()) {
      const start = new Date(Date.parse(NOW) - b.daysAgo * DAY + i * 3 * 60 * 60_000).toISOString();
      await database.db.insert(appointments).values(
        appointmentValues(b.vendorId, row, start, 60, {
          status: b.status,
          createdAt: new Date(Date.parse(NOW) - b.daysAgo * DAY),
        }),
      );
    }
    return row;
  }

  it('refuses signed-out callers with 401 on every route', async () => {
    const anonymous = client();
    expect((await anonymous.post('/api/me/contacts', { contacts: [] })).status).toBe(401);
    expect((await anonymous.get('/api/me/recommendations')).status).toBe(401);
    expect((await anonymous.request('/api/me/contacts', { method: 'DELETE' })).status).toBe(401);
  });

  it('answers a malformed or wrongly shaped body with 400 in the error shape, storing nothing', async () => {
    const me = await signUp('malformed');
    const broken = await me.http.request('/api/me/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"contacts": [',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: 'bad_request' } });
    for (const body of [
      {},
      { contacts: 'all' },
      { contacts: [{ phones: '5512345678' }] },
      { contacts: [{ emails: [7] }] },
    ]) {
      const res = await me.http.post('/api/me/contacts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const notJson = await me.http.request('/api/me/contacts', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'BEGIN:VCARD',
    });
    expect(notJson.status).toBe(415); // DESIGN §10: mutations take JSON only (auth/json-bodies.ts)
    const stored = await database.db.select().from(contactHashes).where(eq(contactHashes.userId, me.id));
    expect(stored).toEqual([]);
  });

  it('refuses more than 5,000 contacts and an oversized body with 413 in the error shape', async () => {
    const me = await signUp('large');
    const tooMany = Array.from({ length: 5001 }, (_, i) => ({ name: `C${i}`, phones: [], emails: [] }));
    const res = await me.http.post('/api/me/contacts', { contacts: tooMany });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Send at most 5,000 contacts per request.' },
    });
    const huge = await me.http.post('/api/me/contacts', {
      contacts: [{ name: 'x'.repeat(5 * 1024 * 1024), phones: [], emails: [] }],
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    // Within 5,000 contacts, more than 10,000 distinct phones is too large as well; nothing is kept.
    const phoneHeavy = Array.from({ length: 3400 }, (_, i) => ({
      name: null,
      phones: [0, 1, 2].map((k) => `55 ${20_000_000 + i * 3 + k}`),
    }));
    const heavy = await me.http.post('/api/me/contacts', { contacts: phoneHeavy });
    expect(heavy.status).toBe(413);
    expect(await heavy.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await database.db.select().from(contactHashes).where(eq(contactHashes.userId, me.id))).toEqual([]);
    // Exactly 5,000 is fine: 10,000 phones and 5,000 emails hashed and matched in one call.
    const full = Array.from({ length: 5000 }, (_, i) => ({
      name: `C${i}`,
      phones: [`55 ${10_000_000 + i}`, `+1 415 555 ${String(i).padStart(4, '0')}`],
      emails: [`c${i}@bulk.example.test`],
    }));
    const limit = await process(me.http, { contacts: full });
    expect(limit).toMatchObject({ contacts: 5000, phones: 10_000, emails: 5000, recommendations: 0 });
    const stored = await database.db
      .select({ id: contactHashes.id })
      .from(contactHashes)
      .where(eq(contactHashes.userId, me.id));
    expect(stored).toHaveLength(15_000);
  });

  it('recommends vendors in the contacts first, then vendors booked by contacts, by count and recency', async () => {
    // The vendor's phone was typed with the old mobile 1; the contact has it as a national number.
    const plumber = await insertVendor(database.db, { businessPhone: '+5215511110001' });
    const tutor = await insertVendor(database.db, { businessEmail: 'tutora@clases.test' });
    const popular = await insertVendor(database.db);
    const older = await insertVendor(database.db);
    const pendingOnly = await insertVendor(database.db);
    const viaGuestPhone = await insertVendor(database.db);
    const rejected = await insertVendor(database.db, {
      businessPhone: '+525511110009',
      applicationStatus: 'rejected',
    });

    // A friend with an account booked `popular` twice (paid, confirmed) and `older` long ago.
    const friend = await signUp('friend');
    await bookingsBy({ email: friend.email, userId: friend.id }, [
      { vendorId: popular.id, status: 'paid', daysAgo: 10 },
      { vendorId: popular.id, status: 'confirmed', daysAgo: 5 },
      { vendorId: older.id, status: 'paid', daysAgo: 300 },
      { vendorId: pendingOnly.id, status: 'pending_vendor', daysAgo: 1 },
    ]);
    // A relative booked as a guest with a phone only.
    await bookingsBy({ phoneE164: '+525522220002', email: 'tia@familia.test' }, [
      { vendorId: viaGuestPhone.id, status: 'confirmed', daysAgo: 30 },
    ]);

    const me = await signUp('customer');
    const result = await process(me.http, {
      contacts: [
        { name: 'Plomero', phones: ['55 1111 0001'], emails: [] },
        { name: 'Tutora', phones: [], emails: ['Tutora@Clases.TEST'] },
        { name: 'Amiga', phones: [], emails: [friend.email.toUpperCase()] },
        { name: 'Tía', phones: ['+52 1 55 2222 0002'], emails: [] },
        { name: 'Rechazado', phones: ['5511110009'], emails: [] },
        { name: 'Basura', phones: ['call me'], emails: ['nope'] },
      ],
    });
    expect(result).toEqual({
      message: 'Processed 6 contacts: 5 vendor recommendations found.',
      contacts: 6,
      phones: 3,
      emails: 2,
      recommendations: 5,
    });

    const items = await recommended(me.http);
    // The two vendors in the contacts share the top score and created_at: either may come first.
    expect(new Set(items.slice(0, 2).map((r) => `${r.vendor.id} ${r.recommendation_type}`))).toEqual(
      new Set([`${plumber.id} in_contacts`, `${tutor.id} in_contacts`]),
    );
    expect(items.slice(2).map((r) => [r.vendor.id, r.recommendation_type])).toEqual([
      [popular.id, 'booked_by_contact'],
      [viaGuestPhone.id, 'booked_by_contact'],
      [older.id, 'booked_by_contact'],
    ]);
    expect(items.map((r) => r.vendor.id)).not.toContain(pendingOnly.id);
    expect(items.map((r) => r.vendor.id)).not.toContain(rejected.id);
    expect(items[0]!.score).toBe(IN_CONTACTS_SCORE);
    const scores = items.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(items.at(-1)!.score).toBeLessThan(items.at(-2)!.score);
    // Public vendor fields only (decision 010).
    expect(Object.keys(items[0]!.vendor).sort()).toEqual(
      ['bio', 'business_name', 'id', 'profile_image_url', 'service_category', 'slug'].sort(),
    );
    expect(JSON.stringify(items)).not.toMatch(/business_phone|business_email|user_id|\+52/);
  });

  it('orders equal scores newest first and never weakens a recommendation on a later call', async () => {
    const first = await insertVendor(database.db, { businessPhone: '+525533330001' });
    const second = await insertVendor(database.db, { businessPhone: '+525533330002' });
    const booked = await insertVendor(database.db, { businessPhone: '+525533330003' });
    await bookingsBy({ phoneE164: '+525533339999' }, [{ vendorId: booked.id, status: 'paid', daysAgo: 2 }]);
    const me = await signUp('ordering');

    clock.set('2026-11-22T18:00:00Z');
    await process(me.http, { contacts: [{ name: 'A', phones: ['5533330001'], emails: [] }] });
    clock.set('2026-11-22T19:00:00Z');
    await process(me.http, {
      contacts: [
        { name: 'B', phones: ['5533330002'], emails: [] },
        { name: 'Booker', phones: ['5533339999'], emails: [] },
      ],
    });
    expect((await recommended(me.http)).map((r) => r.vendor.id)).toEqual([second.id, first.id, booked.id]);

    // The booked vendor turns out to be a contact too: it moves up to in_contacts.
    clock.set('2026-11-22T20:00:00Z');
    await process(me.http, { contacts: [{ name: 'C', phones: ['5533330003'], emails: [] }] });
    let items = await recommended(me.http);
    expect(items.find((r) => r.vendor.id === booked.id)).toMatchObject({
      recommendation_type: 'in_contacts',
      score: IN_CONTACTS_SCORE,
      created_at: '2026-11-22T19:00:00.000Z',
    });
    // Sending only the booker again does not bring it back down.
    await process(me.http, { contacts: [{ name: 'Booker', phones: ['5533339999'], emails: [] }] });
    items = await recommended(me.http);
    expect(items.find((r) => r.vendor.id === booked.id)).toMatchObject({
      recommendation_type: 'in_contacts',
    });
    clock.set(NOW);
  });

  it('ignores a userId in the body and keeps each user’s recommendations to themselves', async () => {
    const vendor = await insertVendor(database.db, { businessPhone: '+525544440001' });
    const other = await insertVendor(database.db, { businessPhone: '+525544440002' });
    const alice = await signUp('alice');
    const bruno = await signUp('bruno');
    await process(bruno.http, { contacts: [{ name: 'x', phones: ['5544440002'], emails: [] }] });
    const brunoBefore = await recommended(bruno.http);

    await process(alice.http, {
      userId: bruno.id,
      contacts: [{ name: 'Vendor', phones: ['5544440001'], emails: [] }],
    });
    expect((await recommended(alice.http)).map((r) => r.vendor.id)).toEqual([vendor.id]);
    expect(await recommended(bruno.http)).toEqual(brunoBefore);
    expect(brunoBefore.map((r) => r.vendor.id)).toEqual([other.id]);
    const brunoHashes = await database.db
      .select()
      .from(contactHashes)
      .where(eq(contactHashes.userId, bruno.id));
    expect(brunoHashes).toHaveLength(1);
  });

  it('leaves out the user’s own bookings and own vendor profile', async () => {
    const me = await signUp('self');
    const mine = await insertVendor(database.db, { userId: me.id, businessPhone: '+525555550001' });
    const bookedByMe = await insertVendor(database.db);
    await bookingsBy({ email: me.email, userId: me.id, phoneE164: '+525555550002' }, [
      { vendorId: bookedByMe.id, status: 'paid', daysAgo: 3 },
    ]);
    await database.db.update(profiles).set({ phone: '+525555550002' }).where(eq(profiles.userId, me.id));
    const result = await process(me.http, {
      contacts: [{ name: 'Me', phones: ['5555550001', '5555550002'], emails: [me.email] }],
    });
    expect(result.recommendations).toBe(0);
    expect(await recommended(me.http)).toEqual([]);
    expect(mine.id).toBeDefined();
  });

  it('matches other users through their account email and their profile phone', async () => {
    const vendor = await insertVendor(database.db);
    const friend = await signUp('phonefriend');
    await database.db.update(profiles).set({ phone: '+525566660001' }).where(eq(profiles.userId, friend.id));
    // Booked under another email, linked to the account.
    await bookingsBy({ email: 'otro.correo@example.test', userId: friend.id }, [
      { vendorId: vendor.id, status: 'confirmed', daysAgo: 1 },
    ]);
    const me = await signUp('phoneme');
    await process(me.http, { contacts: [{ name: 'Friend', phones: ['55 6666 0001'], emails: [] }] });
    expect((await recommended(me.http)).map((r) => [r.vendor.id, r.recommendation_type])).toEqual([
      [vendor.id, 'booked_by_contact'],
    ]);
  });

  it('stores only HMAC hashes: no raw phone or email of a contact is anywhere in the database', async () => {
    const me = await signUp('privacy');
    const raw = {
      phones: ['+52 1 55 7777 1234', '55 8888 4321', '+1 (415) 555-0199'],
      emails: ['Abuela.Secreta@Familia.test', 'primo.oculto@correo.test'],
    };
    const result = await process(me.http, {
      contacts: [
        { name: 'Abuela Secreta', phones: raw.phones.slice(0, 2), emails: raw.emails.slice(0, 1) },
        { name: 'Primo Oculto', phones: raw.phones.slice(2), emails: raw.emails.slice(1) },
      ],
    });
    expect(result).toMatchObject({ contacts: 2, phones: 3, emails: 2 });

    const normalised = ['+525577771234', '+525588884321', '+14155550199'];
    const needles = [
      ...raw.phones,
      ...normalised,
      ...normalised.map((p) => p.slice(1)),
      '5577771234',
      '5588884321',
      '4155550199',
      ...raw.emails.map((e) => e.toLowerCase()),
      'Abuela Secreta',
      'Primo Oculto',
    ].map((n) => n.toLowerCase());
    const tables = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tableNames = rowsOf<{ table_name: string }>(tables);
    expect(tableNames.map((t) => t.table_name)).toContain('contact_hashes');
    let everything = '';
    for (const { table_name } of tableNames) {
      const dump = await database.db.execute<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      const rows = rowsOf<{ row: string }>(dump);
      const text = rows.map((r) => r.row.toLowerCase()).join('\n');
      for (const needle of needles) expect(text, `${needle} in ${table_name}`).not.toContain(needle);
      everything += text;
    }
    // The scan does see stored values: a vendor's business phone from an earlier test.
    expect(everything).toContain('+5215511110001');
    expect(everything).toContain(me.email);

    // What is stored: HMAC-SHA256 of each normalised value, with the key derived from AUTH_SECRET.
    const key = contactHashKey(authSecret);
    const stored = await database.db
      .select({ kind: contactHashes.kind, hash: contactHashes.hash })
      .from(contactHashes)
      .where(eq(contactHashes.userId, me.id));
    expect(stored.sort((a, b) => a.hash.localeCompare(b.hash))).toEqual(
      [
        ...normalised.map((v) => ({ kind: 'phone', hash: hashContactValue(key, v) })),
        ...raw.emails.map((v) => ({ kind: 'email', hash: hashContactValue(key, v.toLowerCase()) })),
      ].sort((a, b) => a.hash.localeCompare(b.hash)),
    );
    // The key is not the auth secret itself.
    expect(stored[0]!.hash).not.toBe(hashContactValue(Buffer.from(authSecret), normalised[0]!));
  });

  it('deletes the user’s hashes and contact recommendations, and only theirs', async () => {
    const vendor = await insertVendor(database.db, { businessPhone: '+525599990001' });
    const me = await signUp('deleter');
    const other = await signUp('keeper');
    const contacts = { contacts: [{ name: 'V', phones: ['5599990001'], emails: ['someone@example.test'] }] };
    await process(me.http, contacts);
    await process(other.http, contacts);
    expect(await recommended(me.http)).toHaveLength(1);

    const refused = await me.http.request('/api/me/contacts', {
      method: 'DELETE',
      headers: { origin: 'https://evil.test' },
    });
    expect(refused.status).toBe(403);

    const res = await me.http.request('/api/me/contacts', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await res.json()) as DeleteContactsResponse).toEqual({
      message: 'Your contacts data was deleted.',
      hashes: 2,
      recommendations: 1,
    });
    expect(await recommended(me.http)).toEqual([]);
    expect(await database.db.select().from(contactHashes).where(eq(contactHashes.userId, me.id))).toEqual([]);
    expect((await recommended(other.http)).map((r) => r.vendor.id)).toEqual([vendor.id]);
    expect(
      await database.db.select().from(contactHashes).where(eq(contactHashes.userId, other.id)),
    ).toHaveLength(2);
    const left = await database.db.select().from(recommendations).where(eq(recommendations.userId, me.id));
    expect(left).toEqual([]);
  });

  it('recommends a vendor who joins later to the people who had them in their contacts', async () => {
    const ana = await signUp('ana');
    const bob = await signUp('bob');
    // The plumber is not on Barrio yet: Ana's contacts find nobody, but their hashes stay.
    await process(ana.http, {
      contacts: [{ name: 'Plomero Pepe', phones: ['+52 1 55 4321 8765'], emails: [] }],
    });
    await process(bob.http, { contacts: [{ name: 'Otra', phones: ['55 1111 2222'], emails: [] }] });
    expect(await recommended(ana.http)).toEqual([]);

    const signup = await client().post('/api/vendor/signup', {
      business_name: 'Plomería Pepe',
      business_phone: '55 4321 8765',
      business_phone_country: 'MX',
      business_email: `pepe.${people++}@plomeria.test`,
      password: 'Plomeria#2026',
      service_category: 'Handyman',
      service_areas: ['Roma Norte'],
      address: 'Calle Colima 1, Roma Norte',
      availability: defaultWeeklyAvailability(),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const { vendorProfileId } = (await signup.json()) as { vendorProfileId: string };

    const items = await recommended(ana.http);
    expect(items.map((r) => [r.vendor_profile_id, r.recommendation_type, r.score])).toEqual([
      [vendorProfileId, 'in_contacts', IN_CONTACTS_SCORE],
    ]);
    expect(items[0]!.vendor.business_name).toBe('Plomería Pepe');
    expect(await recommended(bob.http)).toEqual([]);
  });

  it('refuses a cross-origin process-contacts call', async () => {
    const me = await signUp('origin');
    const res = await me.http.post(
      '/api/me/contacts',
      { contacts: [] },
      { headers: { origin: 'https://evil.test' } },
    );
    expect(res.status).toBe(403);
  });
});
