import type { Db } from '../../db/client.ts';
import type { WhatsAppTransport } from '../../integrations/whatsapp/whatsapp-transport.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CheckoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import type { OutboxHandler } from '../outbox/outbox.service.ts';
import { processInbound } from './whatsapp-inbound.service.ts';
import { deliverWhatsApp, whatsappOutboxPayloadSchema } from './whatsapp-outbound.service.ts';

export interface WhatsAppOutboxHandlerOptions {
  db: Db;
  transport: WhatsAppTransport;
  clock: Clock;
  appUrl: string;
  /** What a vendor's CONFIRM needs to create the checkout and send the payment link. */
  checkout: CheckoutDeps;
}

/**
 * The outbox handler of kind 'whatsapp' (registered in main.ts): sends outbound messages through
 * the transport, and runs the commands of inbound messages the webhook stored. A throw leaves the
 * item to the dispatcher's retries; the dispatcher's lease delivers each item once.
 */
export function whatsappOutboxHandler({
  db,
  transport,
  clock,
  appUrl,
  checkout,
}: WhatsAppOutboxHandlerOptions): OutboxHandler {
  return async (raw) => {
    const payload = whatsappOutboxPayloadSchema.parse(raw);
    if (payload.type === 'inbound') {
      await processInbound({
        db,
        messageId: payload.messageId,
        contextId: payload.contextId,
        nonText: payload.nonText ?? false,
        replyId: payload.replyId,
        now: clock.now(),
        appUrl,
        checkout,
      });
      return;
    }
    await deliverWhatsApp({ db, transport, now: clock.now(), payload });
  };
}
