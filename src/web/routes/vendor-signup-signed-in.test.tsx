import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { setUpComponentTests, stubFetch } from '../test/component-test.tsx';
import { renderAt } from '../test/render-route.tsx';

// The vendor wizard for someone already signed in, with any kind of account: it says who, and never
// which provider (a password account was told "Sesión iniciada con Google").

beforeAll(() => preloadRouteAt('/vendor-signup'));
setUpComponentTests();

beforeEach(async () => {
  sessionStorage.clear();
  const me = {
    user: { id: 'u1', name: 'Sofía', email: 'sofia@example.test', email_verified: true, image: null },
    session: { expires_at: '2026-12-01T00:00:00.000Z' },
    profile: null,
    isAdmin: false,
    vendorProfileId: null,
  };
  stubFetch(async (url) => {
    if (url.pathname === '/api/auth/get-session') return Response.json({ session: {}, user: {} });
    if (url.pathname === '/api/me') return Response.json(me);
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('es-MX');
});

describe('/vendor-signup, signed in', () => {
  it('says the account it will use, without naming Google, in Spanish and English', async () => {
    renderAt('/vendor-signup');
    expect(
      await screen.findByText('Sesión iniciada como sofia@example.test. No necesitas contraseña.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Google/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change the language to English' }));
    expect(await screen.findByText('Signed in as sofia@example.test. No password needed.')).toBeTruthy();
  });
});
