import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language } from '../../../shared/language.ts';
import { type AuthErrorCode, authErrorTexts } from '../../i18n/auth-errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';

const isAuthErrorCode = (code: string): code is AuthErrorCode => Object.hasOwn(authErrorTexts, code);

/**
 * A failed sign-in, sign-up or reset in the reader's language: by better-auth's code when it is
 * one of better-auth's (`INVALID_EMAIL_OR_PASSWORD`), else as any other API refusal (errorText).
 */
export function authErrorText(err: unknown, language: Language): string {
  if (err instanceof ApiError && err.status > 0 && isAuthErrorCode(err.code))
    return authErrorTexts[err.code][language];
  return errorText(err, language);
}

/** authErrorText in the page's language. */
export function useAuthErrorText(): (err: unknown) => string {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return (err) => authErrorText(err, language);
}
