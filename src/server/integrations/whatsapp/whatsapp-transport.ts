// ARCHITECTURE §9: every WhatsApp message leaves through one of two transports behind this interface —
// `cloud` (Meta's WhatsApp Cloud API) or `log` (the default: nothing leaves; the message is stored
// with status `logged` and shown on the testing page). The caller stores the message row.

/** A template approved in Meta's WhatsApp Manager (docs/decisions/018-whatsapp.md lists ours). */
export interface WhatsAppTemplate {
  name: string;
  /** Meta's language code, e.g. `es_MX`. */
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  parameters: string[];
}

export type OutgoingWhatsApp =
  | { type: 'text'; to: string; text: string /** wamid of the message this answers */; replyTo?: string }
  | { type: 'template'; to: string; template: WhatsAppTemplate };

export type WhatsAppSendResult =
  | { status: 'sent'; externalId: string }
  | { status: 'logged' }
  /** Meta refused this message for good (e.g. 131047: outside the 24-hour window); never retried. */
  | { status: 'failed'; error: string };

export type CredentialCheck =
  | { outcome: 'passed'; message: string }
  | { outcome: 'failed'; message: string }
  | { outcome: 'skipped'; message: string };

export interface WhatsAppTransport {
  readonly kind: 'cloud' | 'log';
  /**
   * Sends one message. Resolves with the outcome to store; throws for a transient failure (network,
   * 5xx, rate limit) so that the outbox retries it later.
   */
  send(message: OutgoingWhatsApp): Promise<WhatsAppSendResult>;
  /** The status page's credentials check: can this transport reach its provider? */
  checkCredentials(): Promise<CredentialCheck>;
}

/** E.164 (`+525512345678`) or a WhatsApp id (`5215512345678`) → the digits Meta's `to` takes. */
export function waRecipient(phone: string): string {
  return phone.replace(/\D/g, '');
}
