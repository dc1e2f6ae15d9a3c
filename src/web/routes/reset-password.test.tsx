import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { fakeApiEachTest, json, signedInMe } from '../test/fake-api.ts';
import { renderAt } from '../test/render-route.tsx';

// "Forgot password?": the links on /auth and /vendor/auth, and /auth/reset-password.

const STRONG = 'Nueva#Clave2026';

beforeAll(() => Promise.all(['/auth', '/vendor/auth', '/auth/reset-password'].map(preloadRouteAt)), 60_000);

const api = fakeApiEachTest();

describe('"Forgot password?" links', () => {
  it('lead from the sign-in form of /auth to the request page', async () => {
    const router = renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Use email and password' }));
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
  });

  it('are under the vendor log-in form too', async () => {
    renderAt('/vendor/auth');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/auth/reset-password');
  });
});

describe('asking for a reset link', () => {
  it('says by the field what is missing, then sends the trimmed email and says the same for any address', async () => {
    api.handlers['POST /api/auth/request-password-reset'] = () => json(200, { status: true, message: 'x' });
    renderAt('/auth/reset-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('reset-email-error');
    changeValue(email, 'not-an-email');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(api.posted['POST /api/auth/request-password-reset']).toBeUndefined();

    changeValue(email, ' ana@example.test ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('We sent you a link if an account exists with that email.'),
    );
    expect(api.posted['POST /api/auth/request-password-reset']).toEqual([{ email: 'ana@example.test' }]);
  });

  it('speaks Spanish (es-MX)', async () => {
    await i18n.changeLanguage('es-MX');
    api.handlers['POST /api/auth/request-password-reset'] = () => json(200, { status: true, message: 'x' });
    renderAt('/auth/reset-password');
    changeValue(await screen.findByLabelText('Correo electrónico'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Te enviamos un enlace si existe una cuenta con ese correo.',
    );
  });

  it('says when this email asked too often', async () => {
    api.handlers['POST /api/auth/request-password-reset'] = () =>
      json(429, { error: { code: 'rate_limited', message: 'x', details: { per: 'email' } } });
    renderAt('/auth/reset-password');
    changeValue(await screen.findByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Could not send the reset link')).toBeTruthy();
    expect(screen.getByText(/Too many attempts with this email/)).toBeTruthy();
  });
});

describe('choosing a new password', () => {
  it("holds it to the wizard's rules and to the confirmation, by each field, before sending", async () => {
    renderAt('/auth/reset-password?token=tok123');
    const password = await screen.findByLabelText('New password');
    // The wizard's live checklist is shown under the field.
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Please enter a new password')).toBeTruthy();

    changeValue(password, 'abcdefgh1'); // 3 of the 5 rules
    expect(await screen.findByText('Password does not meet security requirements.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    changeValue(password, STRONG);
    changeValue(screen.getByLabelText('Confirm new password'), 'Nueva#Clave2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(api.posted['POST /api/auth/reset-password']).toBeUndefined();
  });

  it('sends the token with the new password and goes home signed in', async () => {
    api.handlers['POST /api/auth/reset-password'] = () => {
      api.me = signedInMe();
      return json(200, { status: true });
    };
    const router = renderAt('/auth/reset-password?token=tok123');
    changeValue(await screen.findByLabelText('New password'), STRONG);
    changeValue(screen.getByLabelText('Confirm new password'), STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText("You're signed in with your new password.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.posted['POST /api/auth/reset-password']).toEqual([{ token: 'tok123', newPassword: STRONG }]);
  });

  it('says a spent or expired link no longer works, and offers a new one', async () => {
    api.handlers['POST /api/auth/reset-password'] = () =>
      json(400, { code: 'INVALID_TOKEN', message: 'Invalid token' });
    api.handlers['POST /api/auth/request-password-reset'] = () => json(200, { status: true, message: 'x' });
    renderAt('/auth/reset-password?token=spent');
    changeValue(await screen.findByLabelText('New password'), STRONG);
    changeValue(screen.getByLabelText('Confirm new password'), STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
    changeValue(screen.getByLabelText('Email'), 'ana@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain('We sent you a link');
  });
});
