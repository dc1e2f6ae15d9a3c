import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { fakeApiEachTest, json, signedInMe } from '../test/fake-api.ts';
import { renderAt } from '../test/render-route.tsx';

// /auth/magic-link (decision 054): opening the mailed link signs nobody in; its one button does.

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf';

beforeAll(() => preloadRouteAt('/auth/magic-link'), 60_000);

const api = fakeApiEachTest({ 'GET /api/me/bookings': () => json(200, { items: [] }) });

describe('the magic link page', () => {
  it('sends nothing when it opens; its one button signs in and goes back to redirectTo', async () => {
    api.handlers['POST /api/auth/magic-link/verify'] = () => {
      api.me = signedInMe();
      return json(200, { status: true });
    };
    const router = renderAt(`/auth/magic-link?token=${TOKEN}&redirectTo=%2Fjobs`);
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Barrio' })).toBeTruthy();
    expect(api.posted).toEqual({});

    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(api.posted['POST /api/auth/magic-link/verify']).toEqual([{ token: TOKEN }]);
  });

  it('never follows a redirectTo that leads off the site', async () => {
    api.handlers['POST /api/auth/magic-link/verify'] = () => {
      api.me = signedInMe();
      return json(200, { status: true });
    };
    const router = renderAt(`/auth/magic-link?token=${TOKEN}&redirectTo=%2F%2Fevil.example`);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says a spent or expired link no longer works, and leads to a new one keeping redirectTo', async () => {
    api.handlers['POST /api/auth/magic-link/verify'] = () =>
      json(410, { error: { code: 'gone', message: 'This sign-in link is invalid…' } });
    renderAt(`/auth/magic-link?token=${TOKEN}&redirectTo=%2Fjobs`);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    expect(screen.getByText(/It was already used or it expired \(links last 15 minutes\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new sign-in link' }).getAttribute('href')).toBe(
      '/auth?redirectTo=%2Fjobs',
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says so at once when the link has no token', async () => {
    renderAt('/auth/magic-link');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
  });

  it('speaks Spanish (es-MX)', async () => {
    await i18n.changeLanguage('es-MX');
    api.handlers['POST /api/auth/magic-link/verify'] = () =>
      json(410, { error: { code: 'gone', message: 'x' } });
    renderAt(`/auth/magic-link?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar a Barrio' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeTruthy();
  });
});
