import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { setUpComponentTests, stubFetch } from '../test/component-test.tsx';
import { renderAt } from '../test/render-route.tsx';

// The vendor wizard for someone already signed in, with any kind of account: it says who, and never
// which provider (a password account was told "Sesión iniciada con Google").

beforeAll(() => preloadRouteAt('/vendor-signup'));
setUpComponentTests();

/** Who /api/me says is signed in: an account without a password (Google's), unless said. */
let hasPassword = false;

beforeEach(async () => {
  sessionStorage.clear();
  hasPassword = false;
  const me = () => ({
    user: {
      id: 'u1',
      name: 'Sofía',
      email: 'sofia@example.test',
      email_verified: true,
      image: null,
      has_password: hasPassword,
    },
    session: { expires_at: '2026-12-01T00:00:00.000Z' },
    profile: null,
    isAdmin: false,
    vendorProfileId: null,
  });
  stubFetch(async (url) => {
    if (url.pathname === '/api/auth/get-session') return Response.json({ session: {}, user: {} });
    if (url.pathname === '/api/me') return Response.json(me());
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('es-MX');
});

describe('/vendor-signup, signed in', () => {
  it('says the account it will use, without naming Google, and asks no password of a Google account', async () => {
    renderAt('/vendor-signup');
    expect(
      await screen.findByText('Sesión iniciada como sofia@example.test. No necesitas contraseña.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Google/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change the language to English' }));
    expect(await screen.findByText('Signed in as sofia@example.test. No password needed.')).toBeTruthy();
  });

  it('asks a password account for its current password and one that meets the wizard’s rule', async () => {
    hasPassword = true;
    renderAt('/vendor-signup');
    expect(
      await screen.findByText(/^Sesión iniciada como sofia@example\.test\. Una cuenta de proveedor necesita/),
    ).toBeTruthy();
    expect(screen.queryByText(/No necesitas contraseña/)).toBeNull();
    expect(screen.queryByText(/Google/)).toBeNull();
    changeValue(screen.getByLabelText('Nombre del negocio'), 'Limpieza Sofía');
    changeValue(screen.getByLabelText('Teléfono de WhatsApp'), '55 1234 5678');
    changeValue(screen.getByLabelText('Correo electrónico'), 'sofia@example.test');
    // /auth took "weakpass1"; the wizard does not.
    changeValue(screen.getByLabelText('Contraseña actual'), 'weakpass1');
    changeValue(screen.getByLabelText('Contraseña para tu cuenta de proveedor'), 'weakpass1');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Paso 1 de 4')).toBeTruthy();
    expect(document.getElementById('vendor-password-error')?.textContent).toBe(
      'La contraseña no cumple con los requisitos de seguridad.',
    );
    // Both are needed: the current one proves the account's owner.
    changeValue(screen.getByLabelText('Contraseña actual'), '');
    changeValue(screen.getByLabelText('Contraseña para tu cuenta de proveedor'), 'Brillo#2026');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(document.getElementById('vendor-current-password-error')?.textContent).toBe(
        'Por favor completa todos los campos obligatorios antes de continuar.',
      ),
    );
    changeValue(screen.getByLabelText('Contraseña actual'), 'weakpass1');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Paso 2 de 4')).toBeTruthy();
  });
});
