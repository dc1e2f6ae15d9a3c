import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { account, user } from '../../db/schema/auth.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../db/seed/demo-people.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { useSeededApp } from '../../test/seeded-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL } from '../../test/test-week.ts';

let n = 0;

function signupBody(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    business_name: `Limpieza Brillo ${n}`,
    business_phone: `55 1234 56${String(n).padStart(2, '0')}`,
    business_phone_country: 'MX',
    business_email: `Brillo.${n}.${Date.now()}@Example.test`,
    password: 'Brillo#2026',
    bio: 'Limpieza profunda',
    experience_years: 5,
    service_category: 'Limpieza del Hogar',
    service_areas: ['Roma Norte', 'Condesa'],
    languages: ['Spanish', 'English'],
    address: 'Calle Colima 1, Roma Norte',
    buffer_minutes: 15,
    advance_booking_days: 14,
    lead_time_minutes: 120,
    availability: defaultWeeklyAvailability(),
    ...overrides,
  };
}

describe(`POST /api/vendor/signup and the vendor's own profile (${testEngine})`, () => {
  const world = useSeededApp({ vendors: 1, env: { APP_URL } });
  const client = () => world.client();

  it('creates account, profile and vendor profile; the vendor signs in and reads it', async () => {
    const body = signupBody({ business_phone: '044 55 9876 5432' });
    const res = await client().post('/api/vendor/signup', body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { vendorProfileId: string; slug: string; claim: unknown };
    expect(created.claim).toBeNull();
    expect(created.slug).toMatch(/^limpieza-brillo-\d+$/);

    const vendor = client();
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    const profile = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      id: created.vendorProfileId,
      business_name: body.business_name,
      business_phone: '+525598765432',
      business_email: body.business_email.toLowerCase(),
      application_status: 'submitted',
      onboarding_completed: true,
      admin_created: false,
      is_claimed: true,
      is_verified: false,
      timezone: 'America/Mexico_City',
      // Sent as the Spanish label the wizard once stored; kept as its key (decision 050).
      service_category: 'cleaning',
      service_areas: ['Roma Norte', 'Condesa'],
    });
    const me = (await (await vendor.get('/api/me')).json()) as { profile: { is_vendor: boolean } };
    expect(me.profile.is_vendor).toBe(true);

    // Both side effects wait in the outbox, written with the signup.
    const items = await world.db.select().from(outbox);
    const mail = items.find((i) => i.kind === 'mail' && i.payload.to === body.business_email.toLowerCase());
    const link = /https?:\/\/\S+verify-email\S+/.exec(String(mail?.payload.text))?.[0];
    expect(link).toContain(`callbackURL=${encodeURIComponent('/vendor/dashboard?email=confirmed')}`);
    // The link is better-auth's own: it verifies the address, signs the vendor in and lands on the
    // dashboard, which says the address is confirmed.
    const verified = await client().get(link!.replace(APP_URL, ''), { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/vendor/dashboard?email=confirmed');
    const after = (await (await vendor.get('/api/me')).json()) as { user: { email_verified: boolean } };
    expect(after.user.email_verified).toBe(true);
    expect(
      items.find((i) => i.kind === 'whatsapp' && i.payload.businessName === body.business_name)?.payload,
    ).toEqual({
      type: 'send-vendor-confirmation',
      phone: '+525598765432',
      businessName: body.business_name,
      // The category's label in the wizard's language, Spanish by default (decisions 050, 072).
      serviceCategory: 'Limpieza',
      language: 'es-MX',
    });
  });

  it.each([
    ['a weak password', { password: 'weakpass' }, 'password'],
    ['no category', { service_category: '' }, 'service_category'],
    ['no service area', { service_areas: [] }, 'service_areas'],
    ['no address', { address: ' ' }, 'address'],
    ['buffer above 120', { buffer_minutes: 121 }, 'buffer_minutes'],
    ['advance of 0 days', { advance_booking_days: 0 }, 'advance_booking_days'],
    ['advance above 365', { advance_booking_days: 366 }, 'advance_booking_days'],
    ['lead time above 1440', { lead_time_minutes: 1441 }, 'lead_time_minutes'],
    ['negative experience', { experience_years: -1 }, 'experience_years'],
  ])('refuses %s with 400 and creates nothing', async (_name, overrides, path) => {
    const body = signupBody(overrides);
    const res = await client().post('/api/vendor/signup', body);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { details: { path: string }[] } };
    expect(error.details.map((d) => d.path)).toContain(path);
    const rows = await world.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.businessName, body.business_name));
    expect(rows).toEqual([]);
  });

  // Phones as Mexicans type them, read by libphonenumber-js with the picker's country: stored as
  // E.164, or refused with a 400 that names the field (the old joiner stored +52525523456789).
  const phoneCases = [
    ['52 55 2345 6789', 'MX', '+525523456789'],
    ['044 55 2345 6789', 'MX', '+525523456789'],
    ['01 55 2345 6789', 'MX', '+525523456789'],
    ['+52 1 55 2345 6789', 'MX', '+525523456789'],
    ['+52 55 2345 6789', 'MX', '+525523456789'],
    ['+1 (415) 555-0132', 'MX', '+14155550132'],
    ['(415) 555-0132', 'US', '+14155550132'],
  ] as const;

  async function phoneRefusal(res: Response) {
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string; details: { path: string }[] } };
    expect(error.details.map((d) => d.path)).toEqual(['business_phone']);
    expect(error.message).toBe(
      'Invalid json (business_phone): Enter a valid phone number for the selected country.',
    );
  }

  it.each(phoneCases)('signs up %j (%s) with the phone %s', async (typed, country, e164) => {
    const body = signupBody({ business_phone: typed, business_phone_country: country });
    const res = await client().post('/api/vendor/signup', body);
    expect(res.status, await res.clone().text()).toBe(201);
    const { vendorProfileId } = (await res.json()) as { vendorProfileId: string };
    const [row] = await world.db.select().from(vendorProfiles).where(eq(vendorProfiles.id, vendorProfileId));
    expect(row!.businessPhone).toBe(e164);
  });

  it.each(['1234', '044 1234', '55 2345 678'])(
    'refuses the signup phone %j naming the field',
    async (typed) => {
      const body = signupBody({ business_phone: typed });
      await phoneRefusal(await client().post('/api/vendor/signup', body));
      const rows = await world.db
        .select()
        .from(vendorProfiles)
        .where(eq(vendorProfiles.businessName, body.business_name));
      expect(rows).toEqual([]);
    },
  );

  it('reads the phone of a profile edit the same way, and refuses an invalid one changing nothing', async () => {
    const body = signupBody();
    expect((await client().post('/api/vendor/signup', body)).status).toBe(201);
    const vendor = client();
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    const patch = (json: Record<string, unknown>) =>
      vendor.request('/api/vendor/profile', { method: 'PATCH', json });
    for (const [typed, country, e164] of phoneCases) {
      const res = await patch({ business_phone: typed, business_phone_country: country });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { business_phone: string }).business_phone).toBe(e164);
    }
    await phoneRefusal(await patch({ business_phone: '1234', business_phone_country: 'MX', bio: 'Nuevo' }));
    const profile = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ business_phone: '+14155550132', bio: body.bio });
  });

  it("keeps the wizard's language as the vendor's account's (decision 068)", async () => {
    const body = signupBody({ language: 'en' });
    expect((await client().post('/api/vendor/signup', body)).status).toBe(201);
    const vendor = client();
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    const me = (await (await vendor.get('/api/me')).json()) as { profile: { language: string | null } };
    expect(me.profile.language).toBe('en');
    expect((await client().post('/api/vendor/signup', signupBody({ language: 'fr' }))).status).toBe(400);
  });

  it('lists the services given at signup, in their order, bookable once approved', async () => {
    const body = signupBody({
      services: [
        { name: 'Limpieza profunda', price_cents: 45_000, duration_minutes: 180, location: 'customer' },
        { name: 'Consulta por video', price_cents: 0, duration_minutes: 30, location: 'online' },
      ],
    });
    expect((await client().post('/api/vendor/signup', body)).status).toBe(201);
    const vendor = client();
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    const { items } = (await (await vendor.get('/api/vendor/services')).json()) as {
      items: Record<string, unknown>[];
    };
    expect(items).toMatchObject([
      {
        name: 'Limpieza profunda',
        price_cents: 45_000,
        duration_minutes: 180,
        location: 'customer',
        is_active: true,
        description: null,
      },
      {
        name: 'Consulta por video',
        price_cents: 0,
        duration_minutes: 30,
        location: 'online',
        is_active: true,
      },
    ]);
  });

  it('refuses a bad service or too many, creating nothing: no account, no profile', async () => {
    const good = { name: 'Limpieza', price_cents: 45_000, duration_minutes: 60 };
    for (const services of [
      [{ ...good, price_cents: 500 }], // under the card minimum, not free
      [{ ...good, name: ' ' }],
      [{ ...good, duration_minutes: 2 }],
      [{ ...good, extra: true }],
      Array.from({ length: 11 }, (_, i) => ({ ...good, name: `Servicio ${i}` })),
    ]) {
      const body = signupBody({ services });
      expect((await client().post('/api/vendor/signup', body)).status).toBe(400);
      const rows = await world.db
        .select()
        .from(vendorProfiles)
        .where(eq(vendorProfiles.businessName, body.business_name));
      expect(rows).toEqual([]);
      expect(
        await world.db.select().from(user).where(eq(user.email, body.business_email.toLowerCase())),
      ).toEqual([]);
    }
  });

  it('refuses a missing password when nobody is signed in', async () => {
    const { password: _p, ...body } = signupBody();
    expect((await client().post('/api/vendor/signup', body)).status).toBe(400);
  });

  it('answers a duplicate email with 409 Account exists and leaves nothing half-made', async () => {
    const body = signupBody();
    expect((await client().post('/api/vendor/signup', body)).status).toBe(201);
    const again = signupBody({ business_email: body.business_email.toUpperCase() });
    const res = await client().post('/api/vendor/signup', again);
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toBe('An account with this email already exists. Try signing in instead.');
    const rows = await world.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.businessName, again.business_name));
    expect(rows).toEqual([]);
  });

  it('does not take over an admin-created profile with the same business phone: it offers a claim', async () => {
    const adminMade = await insertVendor(world.db, {
      adminCreated: true,
      isClaimed: false,
      businessPhone: '+525511112222',
      businessEmail: 'old@example.test',
    });
    const res = await client().post('/api/vendor/signup', signupBody({ business_phone: '55 1111 2222' }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as {
      vendorProfileId: string;
      claim: { business_name: string } | null;
    };
    // The account gets its own profile; the admin-created one waits for a proven claim.
    expect(created.vendorProfileId).not.toBe(adminMade.id);
    expect(created.claim?.business_name).toBe(adminMade.businessName);
    const [row] = await world.db.select().from(vendorProfiles).where(eq(vendorProfiles.id, adminMade.id));
    expect(row).toMatchObject({ isClaimed: false, adminCreated: true, userId: null });
  });

  /** A customer who signed up at /auth (its rule: 8 characters), signed in on `customer`. */
  async function authPageCustomer(password: string) {
    const customer = client();
    const email = `auth.${++n}.${Date.now()}@example.test`;
    const signUp = await customer.post('/api/auth/sign-up/email', { name: 'Cliente', email, password });
    expect(signUp.status).toBe(200);
    return { customer, email };
  }

  it('uses the signed-in account (the Google return) instead of creating one, asking no password', async () => {
    // An account without a password, as Google's: its credential is gone, the session stays.
    const { customer, email } = await authPageCustomer('Cliente#2026');
    const [person] = await world.db.select().from(user).where(eq(user.email, email));
    await world.db.delete(account).where(eq(account.userId, person!.id));
    // The wizard reads from /api/me whether to ask for a password.
    const me = (await (await customer.get('/api/me')).json()) as { user: { has_password: boolean } };
    expect(me.user.has_password).toBe(false);
    const { password: _p, ...body } = signupBody();
    const res = await customer.post('/api/vendor/signup', body);
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await customer.get('/api/vendor/profile')).status).toBe(200);
    const [profile] = await world.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile!.isVendor).toBe(true);
    // A second signup for the same account is refused.
    const { password: _q, ...again } = signupBody();
    expect((await customer.post('/api/vendor/signup', again)).status).toBe(409);
  });

  it('holds a password account from /auth to the wizard’s rule: its current password, then a strong one', async () => {
    // /auth takes 8 characters; the wizard wants 4 of its 5 rules as well.
    const { customer, email } = await authPageCustomer('weakpass1');
    const me = (await (await customer.get('/api/me')).json()) as { user: { has_password: boolean } };
    expect(me.user.has_password).toBe(true);
    const { password: _p, ...withoutPassword } = signupBody();
    const missing = await customer.post('/api/vendor/signup', withoutPassword);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        reason: 'signup_fields_missing',
        details: [{ path: 'current_password' }, { path: 'password' }],
      },
    });
    const weak = await customer.post(
      '/api/vendor/signup',
      signupBody({ current_password: 'weakpass1', password: 'weakpass1' }),
    );
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      error: { details: [{ path: 'password', message: 'Password does not meet security requirements.' }] },
    });
    const wrong = await customer.post(
      '/api/vendor/signup',
      signupBody({ current_password: 'Weakpass#1', password: 'Brillo#2026' }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { reason: 'current_password_wrong', details: [{ path: 'current_password' }] },
    });
    expect((await customer.get('/api/vendor/profile')).status).toBe(403);

    const ok = await customer.post(
      '/api/vendor/signup',
      signupBody({ current_password: 'weakpass1', password: 'Brillo#2026' }),
    );
    expect(ok.status, await ok.clone().text()).toBe(201);
    // The address was proven at /auth or not: a password account is mailed the confirmation as before.
    expect((await customer.get('/api/vendor/profile')).status).toBe(200);
    // From now on the strong password signs in, the old one no longer does.
    const old = await client().post('/api/auth/sign-in/email', { email, password: 'weakpass1' });
    expect(old.status).toBe(401);
    await client().signIn(email, 'Brillo#2026');
  });

  it('keeps a strong current password given twice; a refused signup changes no password', async () => {
    const { customer, email } = await authPageCustomer('Cliente#2026');
    const ok = await customer.post(
      '/api/vendor/signup',
      signupBody({ current_password: 'Cliente#2026', password: 'Cliente#2026' }),
    );
    expect(ok.status, await ok.clone().text()).toBe(201);
    await client().signIn(email, 'Cliente#2026');
    // Refused in the transaction (a vendor already): the new password goes with it.
    const again = await customer.post(
      '/api/vendor/signup',
      signupBody({ current_password: 'Cliente#2026', password: 'Otra#Clave26' }),
    );
    expect(again.status).toBe(409);
    await client().signIn(email, 'Cliente#2026');
    const other = await client().post('/api/auth/sign-in/email', { email, password: 'Otra#Clave26' });
    expect(other.status).toBe(401);
  });

  it('keeps customers out of /api/vendor/* and edits only through the owner', async () => {
    const customer = client();
    const signUp = await customer.post('/api/auth/sign-up/email', {
      name: 'Cliente',
      email: `cliente.${Date.now()}@example.test`,
      password: 'Cliente#2026',
    });
    expect(signUp.status).toBe(200);
    expect((await customer.get('/api/vendor/profile')).status).toBe(403);
    expect((await customer.get('/api/vendor/services')).status).toBe(403);
    expect((await client().get('/api/vendor/profile')).status).toBe(401);

    const vendor = client();
    await vendor.signIn(demoAccounts.vendor.email, DEMO_PASSWORD);
    const patched = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { buffer_minutes: 30, lead_time_minutes: 90, business_phone: '55 4444 3333' },
    });
    expect(patched.status).toBe(200);
    // The demo vendor is approved: its new phone waits for review (decision 055).
    expect(await patched.json()).toMatchObject({
      buffer_minutes: 30,
      lead_time_minutes: 90,
      pending_change: { fields: { business_phone: '+525544443333' } },
    });
    const outOfRange = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { buffer_minutes: 500 },
    });
    expect(outOfRange.status).toBe(400);
    const flags = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { is_verified: true },
    });
    expect(flags.status).toBe(400);
  });

  it('changes only the fields a patch names', async () => {
    // Nothing at the wizard's defaults, so that a default written back would show.
    const body = signupBody({ buffer_minutes: 45, advance_booking_days: 30, lead_time_minutes: 240 });
    expect((await client().post('/api/vendor/signup', body)).status).toBe(201);
    const vendor = client();
    await vendor.signIn(body.business_email.toLowerCase(), body.password);
    const before = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(before).toMatchObject({
      bio: 'Limpieza profunda',
      experience_years: 5,
      languages: ['Spanish', 'English'],
      buffer_minutes: 45,
      advance_booking_days: 30,
      lead_time_minutes: 240,
    });

    // What the dashboard's Booking Settings editor sends.
    const buffer = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { buffer_minutes: 30 },
    });
    expect(buffer.status).toBe(200);
    const afterBuffer = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(afterBuffer).toEqual({ ...before, buffer_minutes: 30 });

    const bio = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { bio: 'Solo planchado' },
    });
    expect(bio.status).toBe(200);
    const afterBio = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(afterBio).toEqual({ ...before, buffer_minutes: 30, bio: 'Solo planchado' });

    // The dashboard's cancellation policy (decision 095): the one field, nothing else.
    expect(before.cancellation_policy).toBe('flexible');
    const policy = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { cancellation_policy: 'strict' },
    });
    expect(policy.status).toBe(200);
    const afterPolicy = (await (await vendor.get('/api/vendor/profile')).json()) as Record<string, unknown>;
    expect(afterPolicy).toEqual({
      ...before,
      buffer_minutes: 30,
      bio: 'Solo planchado',
      cancellation_policy: 'strict',
    });
    const unknown = await vendor.request('/api/vendor/profile', {
      method: 'PATCH',
      json: { cancellation_policy: 'none', bio: 'Otra' },
    });
    expect(unknown.status).toBe(400);
    expect(await (await vendor.get('/api/vendor/profile')).json()).toEqual(afterPolicy);
  });

  it('adds, edits and deactivates services; another vendor\u2019s service is 404', async () => {
    const vendor = client();
    await vendor.signIn(demoAccounts.vendor.email, DEMO_PASSWORD);
    const added = await vendor.post('/api/vendor/services', {
      name: 'Planchado',
      description: 'Por hora',
      price_cents: 25_000,
      duration_minutes: 60,
    });
    expect(added.status).toBe(201);
    const service = (await added.json()) as { id: string };
    const edited = await vendor.request(`/api/vendor/services/${service.id}`, {
      method: 'PATCH',
      json: { price_cents: 30_000 },
    });
    expect(await edited.json()).toMatchObject({ price_cents: 30_000, is_active: true });
    const removed = await vendor.request(`/api/vendor/services/${service.id}`, { method: 'DELETE' });
    expect(await removed.json()).toMatchObject({ is_active: false });
    const list = (await (await vendor.get('/api/vendor/services')).json()) as { items: { id: string }[] };
    expect(list.items.map((s) => s.id)).toContain(service.id);

    // Paid services cost at least the card minimum ($10 MXN); 0 is a free service.
    const tooCheap = await vendor.post('/api/vendor/services', {
      name: 'Propina',
      price_cents: 500,
      duration_minutes: 30,
    });
    expect(tooCheap.status).toBe(400);
    const free = await vendor.post('/api/vendor/services', {
      name: 'Consulta',
      price_cents: 0,
      duration_minutes: 15,
    });
    expect(free.status).toBe(201);
    const cheaper = await vendor.request(`/api/vendor/services/${service.id}`, {
      method: 'PATCH',
      json: { price_cents: 999 },
    });
    expect(cheaper.status).toBe(400);

    // A service's name is a calendar event's title and a line of messages: no control characters.
    for (const name of ['Planchado\rBEGIN:VALARM', 'Plan\nchado', 'Plan\u0007chado', 'Plan\u2028chado']) {
      const refused = await vendor.post('/api/vendor/services', {
        name,
        price_cents: 0,
        duration_minutes: 30,
      });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(
        'may not contain line breaks or control characters',
      );
      const renamed = await vendor.request(`/api/vendor/services/${service.id}`, {
        method: 'PATCH',
        json: { name },
      });
      expect(renamed.status, JSON.stringify(name)).toBe(400);
    }
    const unchanged = (await (await vendor.get('/api/vendor/services')).json()) as {
      items: { id: string; name: string }[];
    };
    expect(unchanged.items.find((s) => s.id === service.id)?.name).toBe('Planchado');

    const other = await insertVendor(world.db);
    const foreign = await insertService(world.db, other.id);
    const res = await vendor.request(`/api/vendor/services/${foreign.id}`, {
      method: 'PATCH',
      json: { name: 'Mine now' },
    });
    expect(res.status).toBe(404);
    expect((await vendor.request(`/api/vendor/services/${foreign.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });
});

describe(`POST /api/vendor/signup rate limit (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { env: { APP_URL } }));
  });
  afterAll(() => database.close());

  it('answers 429 after 10 attempts a minute from one address (ARCHITECTURE §10)', async () => {
    const client = createHttpClient(app, { origin: APP_URL });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/vendor/signup', {})).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
