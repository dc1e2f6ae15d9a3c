import type { Interactive } from '../../../shared/whatsapp.schemas.ts';
import {
  type OutgoingWhatsApp,
  type WhatsAppSendResult,
  type WhatsAppTransport,
  waRecipient,
} from './whatsapp-transport.ts';

// ARCHITECTURE §9: the WhatsApp Cloud API over plain fetch — POST {base}/{phone_number_id}/messages with
// the bearer token (base = WHATSAPP_API_BASE, the Graph API with its version by default).
// https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages

export interface CloudTransportOptions {
  token: string;
  phoneNumberId: string;
  /** e.g. https://graph.facebook.com/v21.0 (no trailing slash needed). */
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Meta error codes that go away by themselves: rate limits (4, 80007, 130429, 131048, 131056),
 * Meta's own trouble (1, 2, 131000, 131016) and an expired or rotated token (190), which an operator
 * fixes while the outbox keeps retrying. Any other 4xx code (131047 outside the 24-hour window,
 * 131026 undeliverable, 132001 unknown template, 100 bad parameter…) fails the message for good.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 190, 80007, 130429, 131000, 131016, 131048, 131056]);

/** Transient failure: thrown so that the outbox retries the message later. */
export class WhatsAppTransientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhatsAppTransientError';
  }
}

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

export function createCloudTransport({
  token,
  phoneNumberId,
  apiBase,
  fetch: fetchImpl = fetch,
  timeoutMs = 15_000,
}: CloudTransportOptions): WhatsAppTransport {
  const base = apiBase.replace(/\/+$/, '');

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(`${base}/${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new WhatsAppTransientError(
        `WhatsApp Cloud API unreachable: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  return {
    kind: 'cloud',
    async send(message: OutgoingWhatsApp): Promise<WhatsAppSendResult> {
      const response = await call(`${encodeURIComponent(phoneNumberId)}/messages`, {
        method: 'POST',
        body: JSON.stringify(requestBody(message)),
      });
      const body = (await response.json().catch(() => ({}))) as GraphError & { messages?: { id?: string }[] };
      if (response.ok) {
        const externalId = body.messages?.[0]?.id;
        if (!externalId)
          throw new WhatsAppTransientError('WhatsApp Cloud API answered without a message id.');
        return { status: 'sent', externalId };
      }
      const code = body.error?.code;
      const details = body.error?.error_data?.details;
      const text = `WhatsApp Cloud API ${response.status}${code === undefined ? '' : ` (#${code})`}: ${
        body.error?.message ?? response.statusText
      }${details ? ` — ${details}` : ''}`;
      if (
        response.status >= 500 ||
        response.status === 429 ||
        code === undefined ||
        TRANSIENT_CODES.has(code)
      )
        throw new WhatsAppTransientError(text);
      return { status: 'failed', error: text };
    },
    async checkCredentials() {
      try {
        const response = await call(
          `${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`,
          { method: 'GET' },
        );
        const body = (await response.json().catch(() => ({}))) as GraphError & {
          display_phone_number?: string;
          verified_name?: string;
        };
        if (response.ok) {
          const params = {
            name: body.verified_name ?? '—',
            phone: body.display_phone_number ?? phoneNumberId,
          };
          return {
            outcome: 'passed',
            reason: 'credentials_connected',
            params,
            message: `Connected as ${params.name} (${params.phone}).`,
          };
        }
        // Meta's own words, in English whatever the page's language: they cannot be translated.
        const params = {
          status: `${response.status}${body.error?.code === undefined ? '' : ` #${body.error.code}`}`,
          error: body.error?.message ?? response.statusText,
        };
        return {
          outcome: 'failed',
          reason: 'credentials_refused',
          params,
          message: `The Graph API refused the token or phone number id (${params.status}): ${params.error}`,
        };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        return { outcome: 'failed', reason: 'credentials_unreachable', params: { error }, message: error };
      }
    },
  };
}

function requestBody(message: OutgoingWhatsApp) {
  const common = { messaging_product: 'whatsapp', recipient_type: 'individual', to: waRecipient(message.to) };
  const context =
    message.type !== 'template' && message.replyTo ? { context: { message_id: message.replyTo } } : {};
  if (message.type === 'text') {
    return { ...common, ...context, type: 'text', text: { preview_url: true, body: message.text } };
  }
  if (message.type === 'interactive') {
    return {
      ...common,
      ...context,
      type: 'interactive',
      interactive: interactiveBody(message.text, message.interactive),
    };
  }
  const { name, language, parameters, buttons = [] } = message.template;
  const components = [
    ...(parameters.length
      ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text: templateText(text) })) }]
      : []),
    // https://developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates
    ...buttons.map((button) => ({
      type: 'button',
      sub_type: button.type,
      index: String(button.index),
      parameters: [
        button.type === 'quick_reply'
          ? { type: 'payload', payload: button.payload }
          : { type: 'text', text: button.suffix },
      ],
    })),
  ];
  return {
    ...common,
    type: 'template',
    template: { name, language: { code: language }, ...(components.length ? { components } : {}) },
  };
}

// https://developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-reply-buttons-messages,
// …/interactive-list-messages, …/interactive-cta-url-messages
function interactiveBody(text: string, interactive: Interactive) {
  const footer = interactive.footer ? { footer: { text: interactive.footer } } : {};
  const body = { text };
  switch (interactive.kind) {
    case 'buttons':
      return {
        type: 'button',
        body,
        ...footer,
        action: {
          buttons: interactive.buttons.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })),
        },
      };
    case 'list':
      return {
        type: 'list',
        body,
        ...footer,
        action: {
          button: interactive.button,
          sections: [
            {
              ...(interactive.sectionTitle ? { title: interactive.sectionTitle } : {}),
              rows: interactive.rows.map(({ id, title, description }) => ({
                id,
                title,
                ...(description ? { description } : {}),
              })),
            },
          ],
        },
      };
    case 'cta_url':
      return {
        type: 'cta_url',
        body,
        ...footer,
        action: { name: 'cta_url', parameters: { display_text: interactive.label, url: interactive.url } },
      };
  }
}

/** Meta refuses template parameters with newlines, tabs or more than four spaces in a row. */
function templateText(value: string): string {
  return (
    value
      .replace(/[\n\t]+/g, ' ')
      .replace(/ {4,}/g, '   ')
      .trim() || '-'
  );
}
