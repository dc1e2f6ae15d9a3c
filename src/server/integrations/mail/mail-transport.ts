/** One mail to send (ARCHITECTURE §8): magic links now; receipts, vendor notices and payment links later. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** e.g. the `.ics` calendar file of a booking confirmation. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string | Uint8Array;
  contentType?: string;
}

/**
 * The small interface every mail goes through: SMTP when SMTP_URL is set, else the dev
 * mailbox. The booking outbox calls `send` too, so a transport throws on failure and the caller
 * decides whether to retry.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;

/** The links in a mail's text, in order and without repeats (shown clickable on /dev/mailbox). */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(urlPattern) ?? [])];
}
