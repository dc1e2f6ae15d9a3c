import type { Interactive, SelfTestCheck } from '../../../shared/whatsapp.schemas.ts';

// ARCHITECTURE §9: every WhatsApp message leaves through one of two transports behind this interface —
// `cloud` (Meta's WhatsApp Cloud API) or `log` (the default: nothing leaves; the message is stored
// with status `logged` and shown on the testing page). The caller stores the message row.

/**
 * A template approved in Meta's WhatsApp Manager (whatsapp-texts.ts `templates` is the catalogue,
 * decision 069): its name, language, the body's {{1}}, {{2}}… in order, and the parameters of its
 * buttons that need one.
 */
export interface WhatsAppTemplate {
  name: string;
  /** Meta's language code, e.g. `es_MX`. */
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  parameters: string[];
  /** One per button that takes a parameter (a static URL button takes none). */
  buttons?: TemplateButtonParameter[];
}

/**
 * A button's parameter in a template message: a quick reply's payload (returned by the webhook when
 * it is tapped, with the button's text) or the suffix a dynamic URL button appends to its URL.
 * `index` is the button's position (0-based) among the template's BUTTONS.
 */
export type TemplateButtonParameter =
  | { type: 'quick_reply'; index: number; payload: string }
  | { type: 'url'; index: number; suffix: string };

export type OutgoingWhatsApp =
  | { type: 'text'; to: string; text: string /** wamid of the message this answers */; replyTo?: string }
  | {
      type: 'interactive';
      to: string;
      /** The body: ≤ 1024 characters. */
      text: string;
      interactive: Interactive;
      replyTo?: string;
    }
  | { type: 'template'; to: string; template: WhatsAppTemplate };

export type WhatsAppSendResult =
  | { status: 'sent'; externalId: string }
  | { status: 'logged' }
  /** Meta refused this message for good (e.g. 131047: outside the 24-hour window); never retried. */
  | { status: 'failed'; error: string };

export type CredentialCheck = Pick<SelfTestCheck, 'reason' | 'params' | 'message'> &
  (
    | { outcome: 'passed'; reason: 'credentials_connected' }
    | { outcome: 'failed'; reason: 'credentials_refused' | 'credentials_unreachable' }
    | { outcome: 'skipped'; reason: 'credentials_log_transport' }
  );

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
