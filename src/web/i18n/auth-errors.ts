import type { BASE_ERROR_CODES } from 'better-auth';
import type { Language } from '../../shared/language.ts';

// better-auth's refusals (/api/auth/*) in the reader's words, keyed by its error codes. Every code
// of better-auth's own table is here, so that an upgrade that adds one is a compile error rather
// than its English message on a Spanish screen; the app meets few of them (sign-in, sign-up, magic
// link, Google, password reset), the rest are worded plainly. Loaded with the auth screens only.

type Texts = Record<Language, string>;
export type AuthErrorCode = keyof typeof BASE_ERROR_CODES;

const tryAgain = {
  'es-MX': 'No pudimos completar el acceso. Inténtalo de nuevo.',
  en: 'We could not complete the sign-in. Please try again.',
} as const satisfies Texts;

const reload = {
  'es-MX': 'Algo no cuadró con esta página. Recárgala e inténtalo de nuevo.',
  en: 'Something did not match on this page. Reload it and try again.',
} as const satisfies Texts;

const accountExists = {
  'es-MX': 'Ya existe una cuenta con este correo. Inicia sesión.',
  en: 'An account with this email already exists. Try signing in instead.',
} as const satisfies Texts;

export const authErrorTexts: Record<AuthErrorCode, Texts> = {
  USER_NOT_FOUND: { 'es-MX': 'No encontramos esa cuenta.', en: 'We could not find that account.' },
  FAILED_TO_CREATE_USER: {
    'es-MX': 'No pudimos crear la cuenta. Inténtalo de nuevo.',
    en: 'We could not create the account. Please try again.',
  },
  FAILED_TO_CREATE_SESSION: tryAgain,
  FAILED_TO_UPDATE_USER: {
    'es-MX': 'No pudimos guardar los cambios de tu cuenta. Inténtalo de nuevo.',
    en: 'We could not save your account. Please try again.',
  },
  FAILED_TO_GET_SESSION: tryAgain,
  INVALID_PASSWORD: { 'es-MX': 'La contraseña no es correcta.', en: 'The password is not correct.' },
  INVALID_EMAIL: { 'es-MX': 'Escribe un correo válido.', en: 'Please enter a valid email.' },
  INVALID_EMAIL_OR_PASSWORD: {
    'es-MX': 'Revisa tu correo y tu contraseña.',
    en: 'Please check your email and password.',
  },
  INVALID_USER: { 'es-MX': 'Esta cuenta no es válida.', en: 'This account is not valid.' },
  SOCIAL_ACCOUNT_ALREADY_LINKED: {
    'es-MX': 'Esa cuenta de Google ya está vinculada a otra cuenta.',
    en: 'That Google account is already linked to another account.',
  },
  PROVIDER_NOT_FOUND: {
    'es-MX': 'Ese medio de acceso no está disponible.',
    en: 'That sign-in method is not available.',
  },
  INVALID_TOKEN: {
    'es-MX': 'Este enlace no es válido o ya caducó. Pide uno nuevo.',
    en: 'This link is not valid or has expired. Ask for a new one.',
  },
  TOKEN_EXPIRED: {
    'es-MX': 'Este enlace caducó. Pide uno nuevo.',
    en: 'This link has expired. Ask for a new one.',
  },
  ID_TOKEN_NOT_SUPPORTED: tryAgain,
  FAILED_TO_GET_USER_INFO: {
    'es-MX': 'Google no nos dio los datos de tu cuenta. Inténtalo de nuevo.',
    en: 'Google did not give us your account details. Please try again.',
  },
  USER_EMAIL_NOT_FOUND: {
    'es-MX': 'Tu cuenta de Google no tiene un correo. Usa otra forma de acceso.',
    en: 'Your Google account has no email. Use another way to sign in.',
  },
  EMAIL_NOT_VERIFIED: {
    'es-MX': 'Primero confirma tu correo con el enlace que te enviamos.',
    en: 'Please confirm your email first with the link we sent you.',
  },
  PASSWORD_TOO_SHORT: {
    'es-MX': 'La contraseña es demasiado corta: usa al menos 8 caracteres.',
    en: 'The password is too short: use at least 8 characters.',
  },
  PASSWORD_TOO_LONG: {
    'es-MX': 'La contraseña es demasiado larga.',
    en: 'The password is too long.',
  },
  USER_ALREADY_EXISTS: accountExists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: accountExists,
  EMAIL_CAN_NOT_BE_UPDATED: {
    'es-MX': 'El correo no se puede cambiar.',
    en: 'The email cannot be changed.',
  },
  CHANGE_EMAIL_DISABLED: {
    'es-MX': 'El correo no se puede cambiar.',
    en: 'The email cannot be changed.',
  },
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    'es-MX': 'Esta cuenta no tiene contraseña. Entra con un enlace por correo o con Google.',
    en: 'This account has no password. Sign in with an email link or with Google.',
  },
  SESSION_EXPIRED: {
    'es-MX': 'Tu sesión caducó. Inicia sesión de nuevo.',
    en: 'Your session has expired. Please sign in again.',
  },
  FAILED_TO_UNLINK_LAST_ACCOUNT: {
    'es-MX': 'No puedes desvincular tu única forma de acceso.',
    en: 'You cannot unlink your only way to sign in.',
  },
  ACCOUNT_NOT_FOUND: { 'es-MX': 'No encontramos esa cuenta.', en: 'We could not find that account.' },
  USER_ALREADY_HAS_PASSWORD: {
    'es-MX': 'Esta cuenta ya tiene contraseña.',
    en: 'This account already has a password.',
  },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: reload,
  VERIFICATION_EMAIL_NOT_ENABLED: {
    'es-MX': 'No podemos enviar correos de confirmación ahora.',
    en: 'We cannot send confirmation emails right now.',
  },
  EMAIL_ALREADY_VERIFIED: {
    'es-MX': 'Tu correo ya está confirmado.',
    en: 'Your email is already confirmed.',
  },
  EMAIL_MISMATCH: {
    'es-MX': 'El correo no coincide con el de tu cuenta.',
    en: 'The email does not match your account’s.',
  },
  SESSION_NOT_FRESH: {
    'es-MX': 'Por seguridad, inicia sesión de nuevo para hacer esto.',
    en: 'For your security, sign in again to do this.',
  },
  LINKED_ACCOUNT_ALREADY_EXISTS: {
    'es-MX': 'Esa cuenta ya está vinculada.',
    en: 'That account is already linked.',
  },
  INVALID_ORIGIN: reload,
  INVALID_CALLBACK_URL: reload,
  INVALID_REDIRECT_URL: reload,
  INVALID_ERROR_CALLBACK_URL: reload,
  INVALID_NEW_USER_CALLBACK_URL: reload,
  MISSING_OR_NULL_ORIGIN: reload,
  CALLBACK_URL_REQUIRED: reload,
  FAILED_TO_CREATE_VERIFICATION: tryAgain,
  FIELD_NOT_ALLOWED: reload,
  ASYNC_VALIDATION_NOT_SUPPORTED: tryAgain,
  VALIDATION_ERROR: {
    'es-MX': 'Revisa los datos del formulario e inténtalo de nuevo.',
    en: 'Check the form and try again.',
  },
  MISSING_FIELD: {
    'es-MX': 'Completa todos los campos obligatorios.',
    en: 'Please fill in all required fields.',
  },
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: tryAgain,
  BODY_MUST_BE_AN_OBJECT: reload,
  PASSWORD_ALREADY_SET: {
    'es-MX': 'Esta cuenta ya tiene contraseña.',
    en: 'This account already has a password.',
  },
};
