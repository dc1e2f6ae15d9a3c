// Links in our mails and WhatsApp messages carry bearer tokens: a vendor's confirm and decline
// links (`/vendor-confirm?token=…`), the e-mail verification link… Whoever holds one can act on it.
// Once a message has gone out, the copies we keep (the outbox row, the WhatsApp message log) keep
// the link with its token replaced, so that the recipient's copy is the only usable one (issue 28).

export const REDACTED = '[redacted]';

/**
 * A query parameter whose name is or ends in "token" (`token`, `access_token`, `confirmToken`…),
 * after `?` or `&`, or after `&amp;` as HTML writes it: its value runs to the next `&`, `#`, space,
 * quote or angle bracket.
 */
const TOKEN_PARAM = /((?:[?&]|&amp;)[\w-]*token=)[^&#\s"'<>]+/gi;

/** The text with the value of every token parameter in its links replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN_PARAM, `$1${REDACTED}`);
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
