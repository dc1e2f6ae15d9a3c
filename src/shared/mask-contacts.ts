import { findNumbers } from 'libphonenumber-js';

// A review is public: a phone number or an email in its words would take the customer and the vendor
// off the platform, or publish someone's contact. Such a review is accepted as written and kept so
// (nobody edits a customer's words), and shown with those masked.

export const MASK = '•••';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
/** Eight or more digits in a run, spaces, dots, dashes and brackets between them allowed. */
const DIGIT_RUN = /\+?\d(?:[\s().-]{0,2}\d){7,}/g;
const COUNTRY_BEFORE_MASK = /\+\d{1,3}(?:[\s-]\d)?[\s-]*•••/g;

/** The text with every email and phone number (Mexican or international, as written) masked. */
export function maskContacts(text: string): string {
  let masked = text.replace(EMAIL, MASK);
  // Found numbers, last first so the earlier offsets stay right.
  const found = findNumbers(masked, { defaultCountry: 'MX', v2: true });
  for (const number of found.reverse())
    masked = `${masked.slice(0, number.startsAt)}${MASK}${masked.slice(number.endsAt)}`;
  // A country code left before a masked number ("+52 1 •••", Mexico's former mobile prefix) goes with it.
  return masked.replace(DIGIT_RUN, MASK).replace(COUNTRY_BEFORE_MASK, MASK);
}
