import { useTranslation } from 'react-i18next';
import { isErrorCode, isErrorReason } from '../../shared/api-errors.ts';
import { defaultLanguage, isLanguage, type Language } from '../../shared/language.ts';
import { errorCodeTexts, errorReasonTexts, fillParams, networkErrorText } from '../i18n/api-errors.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError } from './api-client.ts';

/**
 * A failed call in the reader's language: by the server's reason, else by its code; the server's
 * own message (English, for logs and API clients) is never shown. A call that never reached the
 * server says so; anything else is "something went wrong".
 */
export function errorText(err: unknown, language: Language): string {
  if (!(err instanceof ApiError)) return errorCodeTexts.internal[language];
  if (err.status === 0) return networkErrorText[language];
  if (isErrorReason(err.reason)) return fillParams(errorReasonTexts[err.reason][language], err.params);
  if (isErrorCode(err.code)) return errorCodeTexts[err.code][language];
  return errorCodeTexts[err.status >= 500 ? 'internal' : 'bad_request'][language];
}

/** errorText in the page's language. */
export function useErrorText(): (err: unknown) => string {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return (err) => errorText(err, language);
}

/** errorText in the app's language now: for a toast raised outside a component's render. */
export const errorTextNow = (err: unknown): string => errorText(err, currentLanguage());
