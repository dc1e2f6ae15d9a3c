import type { Config } from '../../config.ts';
import { createCloudTransport } from './cloud-transport.ts';
import { createLogTransport } from './log-transport.ts';
import type { WhatsAppTransport } from './whatsapp-transport.ts';

/** ARCHITECTURE §9: cloud when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set, else the log transport. */
export function createWhatsAppTransport(config: Pick<Config, 'whatsapp'>): WhatsAppTransport {
  const { token, phoneNumberId, apiBase } = config.whatsapp;
  if (token && phoneNumberId) return createCloudTransport({ token, phoneNumberId, apiBase });
  return createLogTransport();
}
