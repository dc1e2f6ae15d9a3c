import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/profile.schemas.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import type { DevMail } from '../features/dev-mailbox/dev-mailbox.service.ts';
import { createHttpClient, type HttpClient } from '../test/http-client.ts';
import { useSeededApp } from '../test/seeded-app.ts';
import { createTestApp } from '../test/test-app.ts';
import { testEngine } from '../test/test-db.ts';
import { APP_URL } from '../test/test-week.ts';
import { authRateLimits } from './auth.ts';

describe(`accounts over HTTP (${testEngine})`, () => {
  const world = useSeededApp({ vendors: 1, env: { APP_URL } });
  const client = () => world.client();

  it('signs up, signs in, reads /api/me, signs out and is then refused', async () => {
    const browser = client();
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Paola Núñez',
      email: 'Paola@Example.test',
      password: 'Secreto#2026',
      isVendor: true,
    });
    expect(signUp.status).toBe(200);
    // ARCHITECTURE §10: the session cookie is HttpOnly and SameSite=Lax (Secure only in production).
    const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith('barrio.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    await browser.post('/api/auth/sign-out');
    expect((await browser.get('/api/me')).status).toBe(401);

    await browser.signIn('paola@example.test', 'Secreto#2026');
    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    const body = (await me.json()) as MeResponse;
    expect(body.user.email).toBe('paola@example.test');
    expect(body.isAdmin).toBe(false);
    expect(body.vendorProfileId).toBeNull();
    // product §7: the profile was created at sign-up, with the sign-up metadata is_vendor.
    expect(body.profile).toMatchObject({ display_name: 'Paola Núñez', is_vendor: true, notify_email: true });

    const out = await browser.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    const after = await browser.get('/api/me');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({
      error: { code: 'unauthorized', reason: 'sign_in_required', message: expect.any(String) },
    });
  });

  it('refuses a wrong password with 401', async () => {
    const response = await client().post('/api/auth/sign-in/email', {
      email: demoAccounts.customer.email,
      password: 'not-the-password',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a sign-in from a foreign Origin', async () => {
    const response = await client().post(
      '/api/auth/sign-in/email',
      { email: demoAccounts.customer.email, password: DEMO_PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a profile change from a foreign Origin', async () => {
    const browser = client();
    await browser.signIn(demoAccounts.customer.email, DEMO_PASSWORD);
    const response = await browser.put(
      '/api/me/profile',
      { display_name: 'Hacked' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
  });

  it('lets the three demo accounts sign in', async () => {
    for (const { email } of Object.values(demoAccounts)) {
      const browser = client();
      await browser.signIn(email, DEMO_PASSWORD);
      const me = (await (await browser.get('/api/me')).json()) as MeResponse;
      expect(me.user.email).toBe(email);
      expect(me.isAdmin).toBe(email === demoAccounts.admin.email);
      expect(me.vendorProfileId !== null).toBe(email === demoAccounts.vendor.email);
    }
  });

  it('ends repeated wrong passwords from one address in 429', async () => {
    const attacker = client();
    const statuses: number[] = [];
    for (let i = 0; i <= authRateLimits['/sign-in/email'].max; i++) {
      // A new account each time: the per-email limit (5 per 15 minutes) is tested in
      // security/client-limits.test.ts; this is the per-address one.
      const r = await attacker.post('/api/auth/sign-in/email', {
        email: `guessed${i}@example.test`,
        password: `guess-${i}`,
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect(
      (await client().post('/api/auth/sign-in/email', { email: 'x@y.test', password: 'nope-nope' })).status,
    ).toBe(401);
  });

  it('counts no attempts when RATE_LIMITS=off (load tests on one machine)', async () => {
    const unlimited = createTestApp(world.database, { env: { APP_URL, RATE_LIMITS: 'off' } }).app;
    const flooder = createHttpClient(unlimited, { origin: APP_URL });
    const statuses = new Set<number>();
    for (let i = 0; i <= authRateLimits['/sign-in/magic-link'].max + 2; i++) {
      statuses.add(
        (await flooder.post('/api/auth/sign-in/magic-link', { email: `many${i}@example.test` })).status,
      );
    }
    expect([...statuses]).toEqual([200]);
  });

  it('never limits get-session, which every page load asks (decision 020)', async () => {
    const visitor = client();
    const statuses = new Set<number>();
    // Beyond better-auth's general budget of 100 per minute for one address.
    for (let i = 0; i < 110; i++) statuses.add((await visitor.get('/api/auth/get-session')).status);
    expect([...statuses]).toEqual([200]);
  });

  it('rate-limits sign-up and magic link too', async () => {
    for (const [path, body] of [
      [
        '/api/auth/sign-up/email',
        (i: number) => ({ name: 'X', email: `flood${i}@example.test`, password: 'short' }),
      ],
      ['/api/auth/sign-in/magic-link', (i: number) => ({ email: `flood${i}@example.test` })],
    ] as const) {
      const flooder = client();
      const rule = authRateLimits[path.replace('/api/auth', '') as '/sign-up/email' | '/sign-in/magic-link'];
      let last = 0;
      for (let i = 0; i <= rule.max; i++) last = (await flooder.post(path, body(i))).status;
      expect(last, path).toBe(429);
    }
  });

  /** The newest magic link mailed to `email`, and the token it carries. */
  const mailedLink = async (browser: ReturnType<typeof client>, email: string) => {
    const mailbox = (await (await browser.get('/api/dev/mailbox')).json()) as DevMail[];
    const mail = mailbox.find((m) => m.to === email);
    // No language anywhere (no account language, no Accept-Language): Spanish (decision 072).
    expect(mail?.subject).toBe('Tu enlace para entrar a Barrio');
    const url = new URL(mail!.links[0]!);
    return { url, token: url.searchParams.get('token')! };
  };
  const verify = (browser: ReturnType<typeof client>, token: string) =>
    browser.post('/api/auth/magic-link/verify', { token });

  it('mails a link to our page, which signs in once and only once with its button', async () => {
    const browser = client();
    const sent = await browser.post('/api/auth/sign-in/magic-link', {
      email: demoAccounts.customer.email,
      callbackURL: '/',
    });
    expect(sent.status).toBe(200);
    const { url, token } = await mailedLink(browser, demoAccounts.customer.email);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/auth/magic-link`);
    expect(url.searchParams.has('redirectTo')).toBe(false);
    // ARCHITECTURE §10: the token is stored hashed — the raw token is nowhere in the database.
    const rows = await world.db.query.verification.findMany();
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);

    const first = await verify(browser, token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: true });
    expect(first.headers.getSetCookie().some((c) => c.startsWith('barrio.session_token='))).toBe(true);
    expect((await browser.get('/api/me')).status).toBe(200);

    const again = client();
    const second = await verify(again, token);
    expect(second.status).toBe(410);
    expect(await second.json()).toEqual({
      error: {
        code: 'gone',
        reason: 'magic_link_spent',
        message: 'This sign-in link is invalid, was already used or has expired.',
      },
    });
    expect((await again.get('/api/me')).status).toBe(401);
  });

  it("never signs in on a GET: better-auth's verify link only opens the page, the token unspent", async () => {
    const browser = client();
    await browser.post('/api/auth/sign-in/magic-link', {
      email: 'escaner@example.test',
      callbackURL: '/jobs',
    });
    const { token } = await mailedLink(browser, 'escaner@example.test');
    // A link scanner (or another site's <img>) opening the address better-auth itself would mail.
    const scanner = client();
    const opened = await scanner.get(
      `/api/auth/magic-link/verify?token=${token}&callbackURL=${encodeURIComponent('/jobs')}`,
    );
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/auth/magic-link?token=${token}&redirectTo=%2Fjobs`);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect((await scanner.get('/api/me')).status).toBe(401);
    // The person's tap still works: the GET spent nothing.
    expect((await verify(browser, token)).status).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(200);
  });

  it('refuses the button from another site, and a token that was never issued', async () => {
    const browser = client();
    await browser.post('/api/auth/sign-in/magic-link', { email: 'cruzado@example.test' });
    const { token } = await mailedLink(browser, 'cruzado@example.test');
    const foreign = createHttpClient(world.app, { origin: 'https://evil.example' });
    expect((await foreign.post('/api/auth/magic-link/verify', { token })).status).toBe(403);
    expect((await verify(client(), 'x'.repeat(32))).status).toBe(410);
    expect((await client().post('/api/auth/magic-link/verify', {})).status).toBe(400);
    // Neither spent it.
    expect((await verify(browser, token)).status).toBe(200);
  });

  it('keeps the page the visitor was sent to sign in from', async () => {
    const browser = client();
    const sent = await browser.post('/api/auth/sign-in/magic-link', {
      email: 'vuelve@example.test',
      callbackURL: '/jobs',
      errorCallbackURL: '/auth?redirectTo=%2Fjobs',
    });
    expect(sent.status).toBe(200);
    const { url } = await mailedLink(browser, 'vuelve@example.test');
    expect(url.searchParams.get('redirectTo')).toBe('/jobs');
  });

  it('creates the account and its profile on a first magic-link sign-in', async () => {
    const browser = client();
    await browser.post('/api/auth/sign-in/magic-link', { email: 'nueva@example.test', callbackURL: '/' });
    const { token } = await mailedLink(browser, 'nueva@example.test');
    await verify(browser, token);
    const me = (await (await browser.get('/api/me')).json()) as MeResponse;
    expect(me.user.email).toBe('nueva@example.test');
    expect(me.profile?.is_vendor).toBe(false);
  });

  it('updates the profile with an E.164 phone and refuses a bad one', async () => {
    const browser = client();
    await browser.signIn(demoAccounts.customer.email, DEMO_PASSWORD);
    const ok = await browser.put('/api/me/profile', {
      display_name: 'Sofía H.',
      phone: '+52 55 1234 5678',
      preferred_categories: ['pets', 'pets', 'tech'],
      notify_push: false,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      display_name: 'Sofía H.',
      phone: '+525512345678',
      preferred_categories: ['pets', 'tech'],
      notify_push: false,
      notify_email: true,
    });
    const bad = await browser.put('/api/me/profile', { phone: '12' });
    expect(bad.status).toBe(400);
    const unknown = await browser.put('/api/me/profile', { preferred_categories: ['astrology'] });
    expect(unknown.status).toBe(400);
    const me = (await (await browser.get('/api/me')).json()) as MeResponse;
    expect(me.profile?.phone).toBe('+525512345678');
  });

  it("keeps the account's language: the one it signed up in, then the switch's (decision 068)", async () => {
    const spanish = client();
    const signUp = await spanish.post(
      '/api/auth/sign-up/email',
      { name: 'Lupita', email: 'lupita.lang@correo.example', password: 'Lupita#2026x' },
      { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } },
    );
    expect(signUp.status).toBe(200);
    const me = async (browser: HttpClient) =>
      ((await (await browser.get('/api/me')).json()) as MeResponse).profile?.language;
    expect(await me(spanish)).toBe('es-MX');
    // The switch's cookie is the visitor's choice, over what the browser asks for.
    const english = client();
    await english.post(
      '/api/auth/sign-up/email',
      { name: 'Joan', email: 'joan.lang@correo.example', password: 'Joan#2026xy' },
      { headers: { 'accept-language': 'es-MX', cookie: 'barrio_language=en' } },
    );
    expect(await me(english)).toBe('en');

    expect((await spanish.put('/api/me/profile', { language: 'en' })).status).toBe(200);
    expect(await me(spanish)).toBe('en');
    expect((await spanish.put('/api/me/profile', { language: 'fr' })).status).toBe(400);
    expect((await spanish.put('/api/me/profile', { display_name: 'Lupita R.' })).status).toBe(200);
    expect(await me(spanish)).toBe('en');
  });

  it('gives a proven address the profile an admin typed in for it, and an unproven one not (ARCHITECTURE §3)', async () => {
    // A password sign-up does not prove the address: a fresh profile, the admin's stays unclaimed.
    const stranger = client();
    await stranger.post('/api/auth/sign-up/email', {
      name: 'Impostor',
      email: 'isa.cervantes@correo.example',
      password: 'Impostor#2026',
    });
    const theirs = (await (await stranger.get('/api/me')).json()) as MeResponse;
    expect(theirs.profile).toMatchObject({ display_name: 'Impostor', phone: null });

    // A magic link proves it: the admin-made profile becomes the account's.
    const browser = client();
    await browser.post('/api/auth/sign-in/magic-link', {
      email: 'rosario.perez@correo.example',
      callbackURL: '/',
    });
    const { token } = await mailedLink(browser, 'rosario.perez@correo.example');
    await verify(browser, token);
    const me = (await (await browser.get('/api/me')).json()) as MeResponse;
    expect(me.profile).toMatchObject({
      display_name: 'Rosario Pérez',
      phone: '+525512309876',
      preferred_categories: ['cleaning', 'cooking'],
    });
  });

  it('says whether Google is configured', async () => {
    expect(await (await client().get('/api/auth-config')).json()).toEqual({
      google: false,
      devMailbox: true,
    });
  });
});
