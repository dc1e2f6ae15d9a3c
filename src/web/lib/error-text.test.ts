import { describe, expect, it } from 'vitest';
import { authErrorText } from '../features/auth/auth-error-text.ts';
import { ApiError } from './api-client.ts';
import { errorText } from './error-text.ts';

// The server's English message is for logs and API clients: a screen words a refusal by its reason,
// else its code, in the reader's language, and never shows the message.

const refusal = (code: string, status: number, why?: { reason?: string; params?: Record<string, string> }) =>
  new ApiError(code, 'The server’s English message', status, undefined, why);

describe('errorText', () => {
  it('words a refusal by its reason, with the values the server names', () => {
    const err = refusal('validation_failed', 400, {
      reason: 'colonia_not_served',
      params: { colonia: 'Roma Norte', serves: 'Condesa, Narvarte' },
    });
    expect(errorText(err, 'es-MX')).toBe('Este proveedor no atiende Roma Norte. Atiende: Condesa, Narvarte.');
    expect(errorText(err, 'en')).toBe(
      'This vendor does not serve Roma Norte. They serve: Condesa, Narvarte.',
    );
    expect(errorText(refusal('conflict', 409, { reason: 'slot_taken' }), 'es-MX')).toBe(
      'Ese horario ya no está disponible. Elige otro.',
    );
  });

  it('words a refusal without a known reason by its code, and an unknown code by its status', () => {
    expect(errorText(refusal('conflict', 409), 'es-MX')).toMatch(/^Esto cambió/);
    expect(errorText(refusal('conflict', 409, { reason: 'a_reason_from_a_newer_server' }), 'en')).toMatch(
      /^This changed/,
    );
    expect(errorText(refusal('teapot', 418), 'es-MX')).toMatch(/^No pudimos procesar/);
    expect(errorText(refusal('http_error', 502), 'es-MX')).toMatch(/^Algo salió mal/);
  });

  it('says the server was not reached, and words anything else as our fault', () => {
    expect(errorText(new ApiError('network_error', 'The server could not be reached.', 0), 'es-MX')).toMatch(
      /^No pudimos conectar/,
    );
    expect(errorText(new TypeError('x is undefined'), 'es-MX')).toMatch(/^Algo salió mal/);
  });

  it("words better-auth's codes on the auth screens, and ours as errorText does", () => {
    const wrongPassword = new ApiError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password', 401);
    expect(authErrorText(wrongPassword, 'es-MX')).toBe('Revisa tu correo y tu contraseña.');
    expect(authErrorText(new ApiError('PASSWORD_TOO_SHORT', 'Password too short', 400), 'es-MX')).toMatch(
      /^La contraseña es demasiado corta/,
    );
    expect(authErrorText(refusal('rate_limited', 429, { reason: 'too_many_for_email' }), 'es-MX')).toMatch(
      /^Demasiados intentos con este correo/,
    );
  });
});
