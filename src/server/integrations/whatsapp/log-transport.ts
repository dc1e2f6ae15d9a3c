import type { WhatsAppTransport } from './whatsapp-transport.ts';

/**
 * ARCHITECTURE §9, §13: the default transport when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not
 * set. Nothing leaves the machine; the message is stored with status `logged` and shows on the
 * WhatsApp testing page, so every flow can be tried without a Meta account.
 */
export function createLogTransport(): WhatsAppTransport {
  return {
    kind: 'log',
    async send() {
      return { status: 'logged' };
    },
    async checkCredentials() {
      return {
        outcome: 'skipped',
        reason: 'credentials_log_transport',
        params: {},
        message:
          'Log transport in use: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set, so messages are stored with status logged and not sent.',
      };
    },
  };
}
