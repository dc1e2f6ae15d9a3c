import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/profile.schemas.ts';
import type { Database } from '../db/client.ts';
import { createHttpClient } from '../test/http-client.ts';
import {
  type LocalOpenIdProvider,
  localGoogleUser,
  startLocalOpenIdProvider,
} from '../test/local-openid-provider.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL } from '../test/test-week.ts';

// Google sign-in end to end against a local OpenID provider (decision 011): the app asks for the
// authorization URL, the "browser" follows it, the provider redirects back with a code, the app
// exchanges it (PKCE, ID token checked against the provider's keys) and signs the person in.

describe(`Google sign-in (${testEngine})`, () => {
  let provider: LocalOpenIdProvider;
  let database: Database;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    provider = await startLocalOpenIdProvider();
    database = await createTestDatabase();
    ({ app } = createTestApp(database, {
      env: {
        APP_URL,
        GOOGLE_CLIENT_ID: 'barrio-test-client',
        GOOGLE_CLIENT_SECRET: 'barrio-test-secret',
        GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
      },
    }));
  });
  afterAll(async () => {
    await database.close();
    await provider.stop();
  });

  it('goes through the redirect and callback and signs the person in', async () => {
    const browser = createHttpClient(app, { origin: APP_URL });
    expect(await (await browser.get('/api/auth-config')).json()).toMatchObject({ google: true });

    // product §7: inside a frame the app asks for the URL without redirecting, then opens it.
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
      disableRedirect: true,
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();

    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/api/auth/callback/google`);

    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');

    const me = (await (await browser.get('/api/me')).json()) as MeResponse;
    expect(me.user).toMatchObject({ email: localGoogleUser.email, name: localGoogleUser.name });
    expect(me.profile).toMatchObject({ display_name: localGoogleUser.name, is_vendor: false });
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const browser = createHttpClient(app, { origin: APP_URL });
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
      disableRedirect: true,
    });
    const { url } = (await start.json()) as { url: string };
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const stranger = createHttpClient(app, { origin: APP_URL });
    const callback = await stranger.get(`${back.pathname}${back.search}`);
    expect(callback.headers.get('location')).toMatch(/error=/);
    expect((await stranger.get('/api/me')).status).toBe(401);
  });
});
