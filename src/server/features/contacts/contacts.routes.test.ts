import { randomUUID } from 'node:crypto';
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
import { user as users } from '../../db/schema/auth.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { contactHashes, recommendations } from '../../db/schema/contacts.ts';
import { vendorPhotos } from '../../db/schema/media.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW } from '../../test/test-week.ts';
import { contactsRateLimits } from './contacts.routes.ts';
import { contactHashKey, hashContactValue, IN_CONTACTS_SCORE } from './contacts.service.ts';

// Contacts through the real app: POST /api/me/contacts, GET /api/me/recommendations and
// DELETE /api/me/contacts, signed in as real accounts.
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

  /**
   * Another person's account, made in the database (it needs no session): opted in to letting
   * their contacts see what they booked unless `optIn: false`, with a proven email unless
   * `verified: false`.
   */
  async function account(
    label: string,
    {
      optIn = true,
      verified = true,
      phone = null,
    }: { optIn?: boolean; verified?: boolean; phone?: string | null } = {},
  ) {
    const id = randomUUID();
    const email = `${label}.${people++}@example.test`;
    await database.db.insert(users).values({ id, name: label, email, emailVerified: verified });
    await database.db
      .insert(profiles)
      .values({ userId: id, displayName: label, email, phone, shareBookingsWithContacts: optIn });
    return { id, email, name: label };
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
    expect(notJson.status).toBe(415); // ARCHITECTURE §10: mutations take JSON only (auth/json-bodies.ts)
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

  it('recommends vendors in the contacts first, then vendors booked by 2+ opted-in contacts, as a band', async () => {
    // The vendor's phone was typed with the old mobile 1; the contact has it as a national number.
    const plumber = await insertVendor(database.db, { businessPhone: '+5215511110001' });
    const tutor = await insertVendor(database.db, { businessEmail: 'tutora@clases.test' });
    const popular = await insertVendor(database.db);
    const bookedByOne = await insertVendor(database.db);
    const pendingOnly = await insertVendor(database.db);
    const rejected = await insertVendor(database.db, {
      businessPhone: '+525511110009',
      applicationStatus: 'rejected',
    });

    // Two friends with accounts, both opted in, booked `popular`; only one booked `bookedByOne`.
    const amiga = await account('amiga');
    const primo = await account('primo', { phone: '+525522220002' });
    await bookingsBy({ email: amiga.email, userId: amiga.id }, [
      { vendorId: popular.id, status: 'paid', daysAgo: 10 },
      { vendorId: popular.id, status: 'confirmed', daysAgo: 5 },
      { vendorId: bookedByOne.id, status: 'paid', daysAgo: 300 },
      { vendorId: pendingOnly.id, status: 'pending_vendor', daysAgo: 1 },
    ]);
    await bookingsBy({ email: primo.email, userId: primo.id }, [
      { vendorId: popular.id, status: 'confirmed', daysAgo: 30 },
      { vendorId: pendingOnly.id, status: 'pending_vendor', daysAgo: 2 },
    ]);

    const me = await signUp('customer');
    const result = await process(me.http, {
      contacts: [
        { name: 'Plomero', phones: ['55 1111 0001'], emails: [] },
        { name: 'Tutora', phones: [], emails: ['Tutora@Clases.TEST'] },
        { name: 'Amiga', phones: [], emails: [amiga.email.toUpperCase()] },
        { name: 'Primo', phones: ['+52 1 55 2222 0002'], emails: [] },
        { name: 'Rechazado', phones: ['5511110009'], emails: [] },
        { name: 'Basura', phones: ['call me'], emails: ['nope'] },
      ],
    });
    expect(result).toEqual({
      message: 'Processed 6 contacts: 3 vendor recommendations found.',
      contacts: 6,
      phones: 3,
      emails: 2,
      recommendations: 3,
    });

    const items = await recommended(me.http);
    // The two vendors in the contacts share the top score and created_at: either may come first.
    expect(new Set(items.slice(0, 2).map((r) => `${r.vendor.id} ${r.recommendation_type}`))).toEqual(
      new Set([`${plumber.id} in_contacts`, `${tutor.id} in_contacts`]),
    );
    expect(items.slice(0, 2).map((r) => [r.score, r.contacts_band])).toEqual([
      [IN_CONTACTS_SCORE, null],
      [IN_CONTACTS_SCORE, null],
    ]);
    // Three bookings by two contacts: a band, not who and not how many.
    expect(items.slice(2).map((r) => [r.vendor.id, r.recommendation_type, r.contacts_band, r.score])).toEqual(
      [[popular.id, 'booked_by_contact', '2+', 10]],
    );
    expect(items.map((r) => r.vendor.id)).not.toContain(bookedByOne.id);
    expect(items.map((r) => r.vendor.id)).not.toContain(pendingOnly.id);
    expect(items.map((r) => r.vendor.id)).not.toContain(rejected.id);
    // Public vendor fields only (decision 010), and nothing about the contacts.
    expect(Object.keys(items[0]!.vendor).sort()).toEqual(
      ['bio', 'business_name', 'id', 'profile_image_url', 'profile_photo', 'service_category', 'slug'].sort(),
    );
    // A vendor's approved profile photo comes with its variants, for the card's srcset.
    expect(items.every((r) => r.vendor.profile_photo === null)).toBe(true);
    const photoId = randomUUID();
    const variants = [96, 192].map((width) => ({
      key: `photos/${photoId}/w${width}.webp`,
      width,
      height: width,
    }));
    await database.db.insert(vendorPhotos).values([
      {
        id: photoId,
        vendorProfileId: popular.id,
        kind: 'profile',
        status: 'approved',
        width: 600,
        height: 600,
        variants,
      },
      {
        vendorProfileId: popular.id,
        kind: 'cover',
        status: 'pending',
        width: 960,
        height: 360,
        variants: [],
      },
    ]);
    const pictured = (await recommended(me.http)).find((r) => r.vendor.id === popular.id)!.vendor;
    expect(pictured.profile_photo?.variants.map((v) => v.width)).toEqual([96, 192]);
    expect(pictured.profile_image_url).toBe(`/media/photos/${photoId}/w192.webp`);
    const text = JSON.stringify(items);
    expect(text).not.toMatch(/business_phone|business_email|user_id|\+52/);
    for (const secret of [amiga.id, amiga.email, amiga.name, primo.id, primo.email, primo.name]) {
      expect(text).not.toContain(secret);
    }
  });

  it('reveals nothing from one contact: neither a guest customer’s bookings nor one account’s', async () => {
    const vendor = await insertVendor(database.db);
    const other = await insertVendor(database.db);
    // A guest who booked `vendor` three times, and an opted-in account that booked `other`.
    await bookingsBy({ phoneE164: '+525523230001', email: 'vecina@correo.test' }, [
      { vendorId: vendor.id, status: 'paid', daysAgo: 3 },
      { vendorId: vendor.id, status: 'confirmed', daysAgo: 20 },
      { vendorId: vendor.id, status: 'paid', daysAgo: 40 },
    ]);
    const solo = await account('solo', { phone: '+525523230002' });
    await bookingsBy({ email: solo.email, userId: solo.id }, [
      { vendorId: other.id, status: 'paid', daysAgo: 1 },
    ]);

    const me = await signUp('snoop');
    for (const contact of [
      { name: 'Vecina', phones: ['55 2323 0001'], emails: ['vecina@correo.test'] },
      { name: 'Solo', phones: ['55 2323 0002'], emails: [solo.email] },
    ]) {
      const result = await process(me.http, { contacts: [contact] });
      expect(result.recommendations).toBe(0);
      expect(await recommended(me.http)).toEqual([]);
    }
    // Both together are still one contact per vendor.
    await process(me.http, {
      contacts: [
        { name: 'Vecina', phones: ['55 2323 0001'], emails: [] },
        { name: 'Solo', phones: ['55 2323 0002'], emails: [] },
      ],
    });
    expect(await recommended(me.http)).toEqual([]);
  });

  it('counts only contacts who opted in, through the profile switch', async () => {
    const vendor = await insertVendor(database.db);
    const yes = await account('yes');
    const shy = await signUp('shy');
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, shy.id));
    for (const [i, person] of [yes, shy].entries()) {
      await bookingsBy({ email: person.email, userId: person.id }, [
        { vendorId: vendor.id, status: 'confirmed', daysAgo: 7 + i },
      ]);
    }
    const me = await signUp('curious');
    const contacts = {
      contacts: [
        { name: 'Yes', phones: [], emails: [yes.email] },
        { name: 'Shy', phones: [], emails: [shy.email] },
      ],
    };
    // The switch is off by default: one opted-in contact is not enough.
    const before = (await (await shy.http.get('/api/me')).json()) as {
      profile: { share_bookings_with_contacts: boolean };
    };
    expect(before.profile.share_bookings_with_contacts).toBe(false);
    expect((await process(me.http, contacts)).recommendations).toBe(0);
    expect(await recommended(me.http)).toEqual([]);

    const optIn = await shy.http.put('/api/me/profile', { share_bookings_with_contacts: true });
    expect(optIn.status, await optIn.clone().text()).toBe(200);
    expect(await optIn.json()).toMatchObject({ share_bookings_with_contacts: true, notify_push: true });
    await process(me.http, contacts);
    expect((await recommended(me.http)).map((r) => [r.vendor.id, r.contacts_band])).toEqual([
      [vendor.id, '2+'],
    ]);
  });

  it('shows 2+, 5+ and 10+ with one score per band, ordered by band and never by count', async () => {
    const ten = await insertVendor(database.db, { businessName: 'Diez Servicios' });
    const five = await insertVendor(database.db, { businessName: 'Cinco Servicios' });
    const four = await insertVendor(database.db, { businessName: 'Bueno Cuatro' });
    const two = await insertVendor(database.db, { businessName: 'Algo Dos' });
    const friends = [];
    for (let i = 0; i < 10; i++) friends.push(await account(`band${i}`));
    for (const [i, friend] of friends.entries()) {
      const booked = [ten, ...(i < 5 ? [five] : []), ...(i < 4 ? [four] : []), ...(i < 2 ? [two] : [])];
      await bookingsBy(
        { email: friend.email, userId: friend.id },
        booked.map((v) => ({ vendorId: v.id, status: 'paid' as const, daysAgo: 1 + i })),
      );
    }
    const me = await signUp('bands');
    await process(me.http, {
      contacts: friends.map((f) => ({ name: f.name, phones: [], emails: [f.email] })),
    });
    const items = await recommended(me.http);
    // 4 and 2 contacts read the same; within a band, by name.
    expect(items.map((r) => [r.vendor.business_name, r.contacts_band, r.score])).toEqual([
      ['Diez Servicios', '10+', 30],
      ['Cinco Servicios', '5+', 20],
      ['Algo Dos', '2+', 10],
      ['Bueno Cuatro', '2+', 10],
    ]);
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'contacts_band',
        'created_at',
        'id',
        'recommendation_type',
        'score',
        'vendor',
        'vendor_profile_id',
      ].sort(),
    );
  });

  it('orders equal scores newest first and never weakens a recommendation on a later call', async () => {
    const first = await insertVendor(database.db, { businessPhone: '+525533330001' });
    const second = await insertVendor(database.db, { businessPhone: '+525533330002' });
    const booked = await insertVendor(database.db, { businessPhone: '+525533330003' });
    const bookers = [
      await account('booker1', { phone: '+525533339998' }),
      await account('booker2', { phone: '+525533339999' }),
    ];
    for (const [i, b] of bookers.entries()) {
      await bookingsBy({ email: b.email, userId: b.id }, [
        { vendorId: booked.id, status: 'paid', daysAgo: 2 + i },
      ]);
    }
    const me = await signUp('ordering');

    clock.set('2026-11-22T18:00:00Z');
    await process(me.http, { contacts: [{ name: 'A', phones: ['5533330001'], emails: [] }] });
    clock.set('2026-11-22T19:00:00Z');
    await process(me.http, {
      contacts: [
        { name: 'B', phones: ['5533330002'], emails: [] },
        { name: 'Booker 1', phones: ['5533339998'], emails: [] },
        { name: 'Booker 2', phones: ['5533339999'], emails: [] },
      ],
    });
    expect((await recommended(me.http)).map((r) => r.vendor.id)).toEqual([second.id, first.id, booked.id]);

    // The booked vendor turns out to be a contact too: it moves up to in_contacts.
    clock.set('2026-11-22T20:00:00Z');
    await process(me.http, { contacts: [{ name: 'C', phones: ['5533330003'], emails: [] }] });
    let items = await recommended(me.http);
    expect(items.find((r) => r.vendor.id === booked.id)).toMatchObject({
      recommendation_type: 'in_contacts',
      contacts_band: null,
      score: IN_CONTACTS_SCORE,
      created_at: '2026-11-22T19:00:00.000Z',
    });
    // Sending only the bookers again does not bring it back down.
    await process(me.http, {
      contacts: [
        { name: 'Booker 1', phones: ['5533339998'], emails: [] },
        { name: 'Booker 2', phones: ['5533339999'], emails: [] },
      ],
    });
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

  it('matches accounts through their proven email or profile phone, and their bookings by either', async () => {
    const vendor = await insertVendor(database.db);
    const notProven = await insertVendor(database.db);
    // By profile phone; booked under another email, linked to the account.
    const byPhone = await account('phonefriend', { phone: '+525566660001' });
    await bookingsBy({ email: 'otro.correo@example.test', userId: byPhone.id }, [
      { vendorId: vendor.id, status: 'confirmed', daysAgo: 1 },
    ]);
    // By proven email; a guest booking with that email, not linked to the account, is theirs too.
    const byEmail = await account('emailfriend');
    await bookingsBy({ email: byEmail.email }, [
      { vendorId: vendor.id, status: 'paid', daysAgo: 4 },
      { vendorId: notProven.id, status: 'paid', daysAgo: 4 },
    ]);
    // Whoever signs up with an email without proving it is not that contact.
    const claimed = await account('unproven', { verified: false });
    await bookingsBy({ email: claimed.email, userId: claimed.id }, [
      { vendorId: notProven.id, status: 'paid', daysAgo: 2 },
    ]);
    const me = await signUp('phoneme');
    await process(me.http, {
      contacts: [
        { name: 'Friend', phones: ['55 6666 0001'], emails: [] },
        { name: 'Other', phones: [], emails: [byEmail.email] },
        { name: 'Unproven', phones: [], emails: [claimed.email] },
      ],
    });
    expect(
      (await recommended(me.http)).map((r) => [r.vendor.id, r.recommendation_type, r.contacts_band]),
    ).toEqual([[vendor.id, 'booked_by_contact', '2+']]);
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
    // Scored at signup, shown once an admin approves the profile (decision 048).
    expect(await recommended(ana.http)).toEqual([]);
    await database.db
      .update(vendorProfiles)
      .set({ applicationStatus: 'approved' })
      .where(eq(vendorProfiles.id, vendorProfileId));

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

// The limits that keep contacts from being a phone directory, with RATE_LIMITS on as in
// production (the block above turns them off to send large lists).
describe(`contacts rate limits (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { clock, env: { APP_URL } }));
  });
  afterAll(() => database.close());

  let people = 0;
  async function signUp(label: string): Promise<{ http: HttpClient; id: string }> {
    const http = createHttpClient(app, { origin: APP_URL });
    const res = await http.post('/api/auth/sign-up/email', {
      name: label,
      email: `${label}.${people++}@example.test`,
      password: 'Contacts#2026',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    return { http, id: user.id };
  }

  const phones = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ name: null, phones: [`55 ${30_000_000 + from + i}`] }));
  const upload = (http: HttpClient, contacts: unknown[]) => http.post('/api/me/contacts', { contacts });
  const remove = (http: HttpClient) => http.request('/api/me/contacts', { method: 'DELETE' });
  async function storedHashes(userId: string) {
    return (await database.db.select().from(contactHashes).where(eq(contactHashes.userId, userId))).length;
  }

  it('answers 429 to repeated uploads and deletes of one account, and only of that account', async () => {
    clock.set(NOW);
    const prober = await signUp('prober');
    const bystander = await signUp('bystander');
    // Upload one number, read, delete, again: the deletes run out first, then the uploads.
    for (let i = 0; i < contactsRateLimits.delete.max; i++) {
      expect((await upload(prober.http, phones(i, 1))).status).toBe(200);
      expect((await remove(prober.http)).status).toBe(200);
    }
    const refused = await remove(prober.http);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many contacts requests. Please wait an hour and try again.',
        details: { limit: 'contacts_delete' },
      },
    });
    for (let i = contactsRateLimits.delete.max; i < contactsRateLimits.upload.max; i++) {
      expect((await upload(prober.http, phones(i, 1))).status).toBe(200);
    }
    const tooMany = await upload(prober.http, phones(100, 1));
    expect(tooMany.status).toBe(429);
    expect(await tooMany.json()).toMatchObject({ error: { details: { limit: 'contacts_upload' } } });
    // The refused upload was not processed.
    expect(await storedHashes(prober.id)).toBe(contactsRateLimits.upload.max - contactsRateLimits.delete.max);

    expect((await upload(bystander.http, phones(0, 1))).status).toBe(200);
    expect((await remove(bystander.http)).status).toBe(200);
    clock.advance(60 * 60_000);
    expect((await upload(prober.http, phones(100, 1))).status).toBe(200);
    expect((await remove(prober.http)).status).toBe(200);
  });

  it('caps the new phones and emails of an account at 2,000 a day; values already shared are free', async () => {
    clock.set(NOW);
    const me = await signUp('capped');
    expect((await upload(me.http, phones(0, 1500))).status).toBe(200);
    // The same book again costs nothing.
    expect((await upload(me.http, phones(0, 1500))).status).toBe(200);
    // 600 new ones do not fit in the 500 left: refused whole, nothing stored, nothing spent.
    const over = await upload(me.http, [...phones(0, 1500), ...phones(1500, 600)]);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'You can check up to 2,000 new phone numbers and emails a day. The contacts already checked are kept; try the rest tomorrow.',
        details: { limit: 'contacts_per_day' },
      },
    });
    expect(await storedHashes(me.id)).toBe(1500);
    const emails = Array.from({ length: 500 }, (_, i) => ({
      name: null,
      emails: [`c${i}@cap.example.test`],
    }));
    expect((await upload(me.http, emails)).status).toBe(200);
    expect(await storedHashes(me.id)).toBe(2000);
    // Deleting does not give the day's budget back.
    expect((await remove(me.http)).status).toBe(200);
    expect((await upload(me.http, phones(0, 1))).status).toBe(429);
    expect(await storedHashes(me.id)).toBe(0);
    // A day later, there is a new budget.
    clock.advance(24 * 60 * 60_000);
    expect((await upload(me.http, phones(0, 1500))).status).toBe(200);
    expect(await storedHashes(me.id)).toBe(1500);
  });
});
