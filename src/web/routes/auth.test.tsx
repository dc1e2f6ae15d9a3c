import { cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { fakeApiEachTest, json, signedInMe } from '../test/fake-api.ts';
import { renderAt } from '../test/render-route.tsx';

// The screens these tests open, loaded once before them: on a busy machine the first load of a
// screen's module (the phone library with it) takes longer than a query's one-second wait.
beforeAll(() => Promise.all(['/auth', '/profile', '/settings', '/vendor/auth'].map(preloadRouteAt)), 60_000);

const api = fakeApiEachTest();

async function revealPasswordForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Use email and password' }));
}

describe('auth context', () => {
  it('throws outside its provider (product §8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(/within an AuthProvider/);
  });
});

describe('guards', () => {
  it('sends a signed-out visitor from a protected page to /auth, with the way back', async () => {
    const router = renderAt('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?redirectTo=%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('sends a signed-in user on to their redirectTo, or home when it would leave the site', async () => {
    api.me = signedInMe();
    const router = renderAt('/auth?redirectTo=%2Fjobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    cleanup();
    const elsewhere = renderAt('/auth?redirectTo=%2F%2Fevil.example');
    await waitFor(() => expect(elsewhere.state.location.pathname).toBe('/'));
  });

  it('shows the Admin tab to admins only', async () => {
    api.me = signedInMe({ isAdmin: true });
    renderAt('/vendors');
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeTruthy();
    cleanup();
    api.me = signedInMe();
    renderAt('/vendors');
    await screen.findByRole('link', { name: 'Jobs' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull());
  });

  it('sends a signed-in user away from /auth', async () => {
    api.me = signedInMe();
    const router = renderAt('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('Auth page', () => {
  it("says 'Missing fields' when email or password is empty (product §5)", async () => {
    renderAt('/auth');
    await revealPasswordForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Missing fields')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields')).toBeTruthy();
    // The fields the schema refused are marked as such.
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("maps the provider's invalid-credentials answer to the spec's message", async () => {
    api.handlers['POST /api/auth/sign-in/email'] = () =>
      json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    renderAt('/auth');
    changeValue(await screen.findByLabelText('Email'), 'a@b.test');
    await revealPasswordForm();
    changeValue(screen.getByLabelText('Password'), 'wrong-one');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid credentials')).toBeTruthy();
    expect(screen.getByText('Please check your email and password')).toBeTruthy();
  });

  it("says 'Account exists' and switches to sign-in mode (product §4)", async () => {
    let sent: unknown;
    api.handlers['POST /api/auth/sign-up/email'] = (body) => {
      sent = body;
      return json(422, { code: 'USER_ALREADY_EXISTS', message: 'User already exists.' });
    };
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: "Don't have an account? Create one" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    await revealPasswordForm();
    changeValue(screen.getByLabelText('Password'), 'Secreto#2026');
    fireEvent.click(screen.getByLabelText("I'm a vendor: I offer services"));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account exists')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(sent).toMatchObject({ email: 'ana@example.test', isVendor: true, name: 'ana' });
  });

  it('asks for the email before sending a magic link, then confirms it was sent', async () => {
    api.handlers['POST /api/auth/sign-in/magic-link'] = () => json(200, { status: true });
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByText('Email required')).toBeTruthy();
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByText('Magic link sent!')).toBeTruthy();
  });

  it('sends the magic link back to where the visitor was sent from', async () => {
    let sent: unknown;
    api.handlers['POST /api/auth/sign-in/magic-link'] = (body) => {
      sent = body;
      return json(200, { status: true });
    };
    renderAt('/auth?redirectTo=%2Fjobs');
    changeValue(await screen.findByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByText('Magic link sent!')).toBeTruthy();
    expect(sent).toEqual({ email: 'ana@example.test', callbackURL: '/jobs' });
  });

  it('explains that Google is not configured instead of failing', async () => {
    renderAt('/auth');
    expect(await screen.findByText(/Google sign-in is not configured/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Continue with Google/ }).hasAttribute('disabled')).toBe(true);
  });

  it('toggles the password between hidden and shown', async () => {
    renderAt('/auth');
    await revealPasswordForm();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});

describe('Vendor access page', () => {
  it('signs in with the trimmed email and refuses an account without a vendor profile', async () => {
    let sent: unknown;
    api.handlers['POST /api/auth/sign-in/email'] = (body) => {
      sent = body;
      api.me = signedInMe();
      return json(200, { token: 't', user: {} });
    };
    api.handlers['POST /api/auth/sign-out'] = () => {
      api.me = null;
      return json(200, { success: true });
    };
    renderAt('/vendor/auth');
    changeValue(await screen.findByLabelText('Email'), ' ana@example.test ');
    changeValue(screen.getByLabelText('Password'), 'Secreto#2026');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('No Vendor Profile Found')).toBeTruthy();
    expect(sent).toMatchObject({ email: 'ana@example.test', password: 'Secreto#2026' });
  });
});

describe('My Profile form', () => {
  it('says what is wrong by each field, with the server’s rules, and sends nothing (product §5)', async () => {
    let puts = 0;
    api.handlers['PUT /api/me/profile'] = () => {
      puts++;
      return json(500, { error: { code: 'internal', message: 'x' } });
    };
    api.me = signedInMe();
    renderAt('/profile');
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Sofía');
    changeValue(name, '   ');
    changeValue(screen.getByLabelText('Phone'), '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('profile-name-error');
    expect(screen.getByLabelText('Phone').getAttribute('aria-describedby')).toBe('profile-phone-error');
    expect(puts).toBe(0);
    // Once submitted, each change is checked again.
    changeValue(name, 'Sofía R.');
    await waitFor(() => expect(screen.queryByText('Please enter your name')).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves the name, the phone in E.164 and the chosen categories', async () => {
    let sent: unknown;
    api.handlers['PUT /api/me/profile'] = (body) => {
      sent = body;
      return json(200, {
        id: 'u1',
        display_name: 'Sofía R.',
        phone: '+525512345678',
        email: 'sofia@example.test',
        avatar_url: null,
        preferred_categories: ['pets'],
        is_vendor: false,
        notify_push: true,
        notify_email: true,
        share_bookings_with_contacts: false,
        created_at: new Date().toISOString(),
      });
    };
    api.me = signedInMe();
    renderAt('/profile');
    changeValue(await screen.findByLabelText('Name'), ' Sofía R. ');
    changeValue(screen.getByLabelText('Phone'), '55 1234 5678');
    fireEvent.click(screen.getByRole('button', { name: 'Pets' }));
    expect(screen.getByRole('button', { name: 'Pets' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(sent).toEqual({
      display_name: 'Sofía R.',
      phone: '+525512345678',
      preferred_categories: ['pets'],
    });
  });
});

// What the server and better-auth answer is English, for logs and API clients; a Spanish screen
// words it by its code (web/i18n/auth-errors.ts, api-errors.ts) and never shows it.
describe('refusals in Spanish', () => {
  const english = /Invalid email or password|Password too short|Please sign in|not available/;

  it("a vendor's wrong password reads in Spanish only", async () => {
    await i18n.changeLanguage('es-MX');
    api.handlers['POST /api/auth/sign-in/email'] = () =>
      json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    renderAt('/vendor/auth');
    changeValue(await screen.findByLabelText('Correo electrónico'), 'ana@example.test');
    changeValue(screen.getByLabelText('Contraseña'), 'equivocada');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('No se pudo iniciar sesión')).toBeTruthy();
    expect(screen.getByText('Revisa tu correo y tu contraseña.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(english);
  });

  it('a password better-auth finds too short reads in Spanish only', async () => {
    await i18n.changeLanguage('es-MX');
    api.handlers['POST /api/auth/sign-up/email'] = () =>
      json(400, { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: '¿No tienes cuenta? Crea una' }));
    changeValue(screen.getByLabelText('Correo electrónico'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Usar correo y contraseña' }));
    changeValue(screen.getByLabelText('Contraseña'), 'corta');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('No se pudo crear la cuenta')).toBeTruthy();
    expect(screen.getByText('La contraseña es demasiado corta: usa al menos 8 caracteres.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(english);
  });

  it('a refusal of our own server reads by its code when it gives no reason', async () => {
    await i18n.changeLanguage('es-MX');
    api.handlers['POST /api/auth/sign-in/magic-link'] = () =>
      json(503, { error: { code: 'unavailable', message: 'The mail server is not reachable.' } });
    renderAt('/auth');
    changeValue(await screen.findByLabelText('Correo electrónico'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace mágico' }));
    expect(await screen.findByText('Falló el enlace mágico')).toBeTruthy();
    expect(
      screen.getByText('El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.'),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/mail server/);
  });
});
