import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../shared/date-format.ts';
import { reviewMessages } from '../../../shared/review.schemas.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/error-text.ts';

// What the vendor's Reviews section and the admin's Reviews tab share (the `reviewModeration`
// strings): the contract's messages in the reader's language, and a review's day.

/** The schema's and the server's messages the moderation screens meet, by their i18n key. */
const errorKeys = {
  [reviewMessages.answerRequired]: 'answerRequired',
  [reviewMessages.answerTooLong]: 'answerTooLong',
  [reviewMessages.reasonRequired]: 'reasonRequired',
  [reviewMessages.reasonTooLong]: 'reasonTooLong',
  [reviewMessages.alreadyAnswered]: 'alreadyAnswered',
  [reviewMessages.alreadyHidden]: 'alreadyHidden',
  [reviewMessages.noOpenReport]: 'noOpenReport',
  [reviewMessages.notFound]: 'notFound',
} as const;

/** A message of the contract (the schema's or the server's) in the reader's language; another as it came. */
export function useModerationMessage() {
  const { t } = useTranslation();
  return (message: string): string => {
    const key = errorKeys[message as keyof typeof errorKeys];
    return key ? t(`reviewModeration.errors.${key}`) : message;
  };
}

/**
 * The server's refusal in the reader's language; undefined for a failure that is not one (a network
 * error, a 500), where the caller's own sentence stands.
 */
export function useModerationErrorText() {
  const { t } = useTranslation();
  const text = useErrorText();
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) return undefined;
    const key = errorKeys[error.message as keyof typeof errorKeys];
    return key ? t(`reviewModeration.errors.${key}`) : text(error);
  };
}

/** A review's day in the page's language, as Mexico City has it (where Barrio and its vendors are). */
export function useReviewDate() {
  const { i18n } = useTranslation();
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'America/Mexico_City' });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * A rating in the page's language: a review's as a whole number ("4"), an average with its one
 * decimal ("4.0", "4.5").
 */
export function useRatingText() {
  const { i18n } = useTranslation();
  return (rating: number, { average = false } = {}) =>
    rating.toLocaleString(i18n.language, {
      minimumFractionDigits: average ? 1 : 0,
      maximumFractionDigits: 1,
    });
}
