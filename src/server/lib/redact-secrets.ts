// Links in our mails and WhatsApp messages carry bearer tokens: a vendor's confirm and decline
// links (`/vendor-confirm?token=…`), the e-mail verification link, a calendar feed's address (in
// the request log)… Whoever holds one can act on it.
// Once a message has gone out, the copies we keep (the outbox row, the WhatsApp message log) keep
// the link with its token replaced, so that the recipient's copy is the only usable one.

export const REDACTED = '[redacted]';

/**
 * A query parameter whose name is or ends in "token" (`token`, `access_token`, `confirmToken`…),
 * after `?` or `&`, or after `&amp;` as HTML writes it: its value runs to the next `&`, `#`, space,
 * quote or angle bracket.
 */
const TOKEN_PARAM = /((?:[?&]|&amp;)[\w-]*token=)[^&#\s"'<>]+/gi;

/** A vendor's calendar feed (decision 091): its token is the file's name, not a parameter. */
const FEED_PATH = /(\/api\/calendar\/)[^/?#\s"'<>]+?(\.ics)/gi;

/** The text with the value of every token parameter in its links replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN_PARAM, `$1${REDACTED}`).replace(FEED_PATH, `$1${REDACTED}$2`);
}

/** The same for every string inside a JSON value (an outbox payload); keys and other values kept. */
export function redactSecretsDeep<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecretsDeep(item)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactSecretsDeep(item)]),
    ) as T;
  return value;
}

/** An address's local part (before `@`); the domain is kept, which says which provider refused. */
const EMAIL = /[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/g;
/** An international number as people and libphonenumber write it: `+52 55 2345 6789`, `+525523456789`. */
const INTERNATIONAL_PHONE = /\+\d(?:[\s().-]*\d){7,14}/g;
/**
 * A bare run of 10 to 15 digits standing as a word of text or a whole JSON string (WhatsApp's
 * `wa_id`, `5215523456789`); a JSON number (the log line's `time`) follows a `:` and is kept.
 */
const BARE_PHONE = /(?<=["\s]|^)\d{10,15}(?=["\s,.;)]|$)/g;

/** A vendor's RFC (decision 098): 3 or 4 letters, a date, 3 characters; and a CURP, 18. */
const RFC = /(?<![A-Z\d])[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}(?![A-Z\d])/g;
const CURP = /(?<![A-Z\d])[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z\d]\d(?![A-Z\d])/g;

/**
 * The text with e-mail addresses, phone numbers and tax ids redacted, for the logs: an SMTP or
 * database error quotes the address it refused or the row it would not write, a WhatsApp failure
 * the number. Log lines are kept by whoever runs the server and read by more people than the
 * database.
 */
export function redactPersonalData(text: string): string {
  return text
    .replace(EMAIL, `${REDACTED}@$1`)
    .replace(INTERNATIONAL_PHONE, REDACTED)
    .replace(BARE_PHONE, REDACTED)
    .replace(CURP, REDACTED)
    .replace(RFC, REDACTED);
}
