import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../shared/profile.schemas.ts';
import type { Database } from '../db/client.ts';
import type { DevMail } from '../features/dev-mailbox/dev-mailbox.service.ts';
import { createHttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL } from '../test/test-week.ts';
import { authEmailRateLimits, authRateLimits } from './auth.ts';
import { RESET_PASSWORD_PAGE, RESET_PASSWORD_TTL_SECONDS, RESET_TOKEN_PREFIX } from './password-reset.ts';

const OLD_PASSWORD = 'Antigua#2026';
const NEW_PASSWORD = 'Nueva#Clave2026';

// "Forgot password?" through better-auth's reset, over HTTP as the web app calls it.
describe(`password reset (${testEngine})`, () => {
  let database: Database;
  let app: ReturnType<typeof createTestApp>['app'];
  const client = () => createHttpClient(app, { origin: APP_URL });
  let accounts = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { env: { APP_URL } }));
  });
  afterAll(() => database.close());
  afterEach(() => vi.useRealTimers());

  /**
   * A new account with OLD_PASSWORD, signed in on the browser it returns; made from a browser in
   * English, so that the account's language is English (decision 068).
   */
  async function newAccount(acceptLanguage = 'en-US,en;q=0.9') {
    const email = `olvido${++accounts}@example.test`;
    const browser = client();
    const response = await browser.post(
      '/api/auth/sign-up/email',
      { name: 'Olvido', email, password: OLD_PASSWORD },
      { headers: { 'accept-language': acceptLanguage } },
    );
    expect(response.status).toBe(200);
    return { email, browser };
  }

  async function mailsTo(email: string): Promise<DevMail[]> {
    const mailbox = (await (await client().get('/api/dev/mailbox')).json()) as DevMail[];
    return mailbox.filter((m) => m.to === email && /Reset your Barrio password/.test(m.subject));
  }

  it('mails in the account’s language, whatever the browser that asks for the link (decision 072)', async () => {
    const { email } = await newAccount('es-MX,es;q=0.9');
    // Asked from a browser in English: the account's Spanish wins.
    const response = await client().post(
      '/api/auth/request-password-reset',
      { email },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(response.status).toBe(200);
    const mailbox = (await (await client().get('/api/dev/mailbox')).json()) as DevMail[];
    const mine = mailbox.filter((m) => m.to === email);
    expect(mine.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Confirma tu correo en Barrio', 'Cambia tu contraseña de Barrio']),
    );
    for (const mail of mine) expect(mail.subject).not.toMatch(/Barrio password|Confirm your email/);
  });

  /** Asks for a link as the web app does, and returns the token of the mail it sent. */
  async function requestToken(email: string, from = client()) {
    const response = await from.post('/api/auth/request-password-reset', { email });
    expect(response.status).toBe(200);
    const [mail] = await mailsTo(email);
    const link = mail?.links.find((l) => l.includes(RESET_PASSWORD_PAGE));
    expect(link, 'a reset link in the mail').toBeDefined();
    return new URL(link!).searchParams.get('token')!;
  }

  const reset = (browser: ReturnType<typeof client>, token: string, newPassword = NEW_PASSWORD) =>
    browser.post('/api/auth/reset-password', { token, newPassword });

  it('mails a link to our reset page, and keeps only a hash of its token', async () => {
    const { email } = await newAccount();
    const response = await client().post('/api/auth/request-password-reset', { email });
    expect(response.status).toBe(200);
    const [mail] = await mailsTo(email);
    // In the account's language alone (decision 072): English here.
    expect(mail?.text).toMatch(/expires in 1 hour/);
    expect(mail?.text).not.toMatch(/caduca/);
    const url = new URL(mail!.links.find((l) => l.includes(RESET_PASSWORD_PAGE))!);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}${RESET_PASSWORD_PAGE}`);
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(24);
    // ARCHITECTURE §10: the raw token is nowhere in the database.
    const rows = await database.db.query.verification.findMany();
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);
    const hashed = createHash('sha256').update(`${RESET_TOKEN_PREFIX}${token}`).digest('base64url');
    const row = rows.find((r) => r.identifier === hashed);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (RESET_PASSWORD_TTL_SECONDS - 60) * 1000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + RESET_PASSWORD_TTL_SECONDS * 1000);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const { email } = await newAccount();
    const known = await client().post('/api/auth/request-password-reset', { email });
    const unknown = await client().post('/api/auth/request-password-reset', { email: 'nadie@example.test' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await mailsTo('nadie@example.test')).toEqual([]);
  });

  it('sets the new password, signs out every other session and signs in the browser that reset', async () => {
    const { email, browser: phone } = await newAccount();
    const laptop = client();
    await laptop.signIn(email, OLD_PASSWORD);
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(200);

    const token = await requestToken(email);
    const resetter = client();
    const response = await reset(resetter, token);
    expect(response.status).toBe(200);

    // Every session from before the reset is gone; the browser that used the link is signed in.
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(401);
    const me = await resetter.get('/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as MeResponse).user.email).toBe(email);

    // The new password works, the old one does not.
    expect((await client().post('/api/auth/sign-in/email', { email, password: OLD_PASSWORD })).status).toBe(
      401,
    );
    expect((await client().post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('takes a token once', async () => {
    const { email } = await newAccount();
    const token = await requestToken(email);
    expect((await reset(client(), token)).status).toBe(200);
    const again = client();
    const second = await reset(again, token, 'Otra#Clave2026');
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await again.get('/api/me')).status).toBe(401);
    expect((await client().post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('refuses a token after one hour', async () => {
    const { email, browser } = await newAccount();
    const token = await requestToken(email);
    // better-auth reads the time from Date itself, not from our clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + RESET_PASSWORD_TTL_SECONDS * 1000 + 1000 });
    const late = await reset(client(), token);
    vi.useRealTimers();
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // Nothing changed: the old password and the old session still hold.
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await client().post('/api/auth/sign-in/email', { email, password: OLD_PASSWORD })).status).toBe(
      200,
    );
  });

  it("holds the new password to the vendor wizard's rules, and keeps the token for a better one", async () => {
    const { email } = await newAccount();
    const token = await requestToken(email);
    // 8 characters that meet only 3 of the 5 rules (product §5 asks for 4).
    const weak = await reset(client(), token, 'abcdefgh1');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await client().post('/api/auth/sign-in/email', { email, password: OLD_PASSWORD })).status).toBe(
      200,
    );
    expect((await reset(client(), token)).status).toBe(200);
  });

  it('limits reset links per email, whoever asks and whether or not the account exists', async () => {
    for (const email of [(await newAccount()).email, 'fantasma@example.test']) {
      const statuses: number[] = [];
      for (let i = 0; i < authEmailRateLimits['/request-password-reset'].max; i++)
        statuses.push((await client().post('/api/auth/request-password-reset', { email })).status);
      expect(
        statuses.slice(0, -1).every((s) => s === 200),
        email,
      ).toBe(true);
      const last = await client().post('/api/auth/request-password-reset', { email });
      expect(last.status, email).toBe(429);
      expect(await last.json()).toMatchObject({ error: { details: { per: 'email' } } });
    }
  });

  it('limits reset requests and reset attempts per client address', async () => {
    const asker = client();
    let last = 0;
    for (let i = 0; i <= authRateLimits['/request-password-reset'].max; i++)
      last = (await asker.post('/api/auth/request-password-reset', { email: `muchos${i}@example.test` }))
        .status;
    expect(last).toBe(429);

    const guesser = client();
    for (let i = 0; i <= authRateLimits['/reset-password'].max; i++)
      last = (await reset(guesser, `guessed-token-${i}`)).status;
    expect(last).toBe(429);
  });
});
