import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import type { MailTransport } from '../integrations/mail/mail-transport.ts';
import { enqueue, type OutboxHandler } from './outbox.ts';

// What a mail outbox item carries, and the handler that delivers it through the real transport.
// The other kind, 'whatsapp', has its payload schema and handler in the WhatsApp feature
// (features/whatsapp/whatsapp-outbound.service.ts, whatsapp-outbox.ts); main.ts registers both.

/** A mail as stored in the outbox: JSON, so attachments carry text content (e.g. an .ics file). */
export const mailOutboxPayloadSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(z.object({ filename: z.string().min(1), content: z.string(), contentType: z.string().optional() }))
    .optional(),
});
export type MailOutboxPayload = z.infer<typeof mailOutboxPayloadSchema>;

/** Queues a mail inside the caller's transaction (DESIGN §3). */
export async function enqueueMail(tx: Db | Tx, mail: MailOutboxPayload): Promise<string> {
  return enqueue(tx, { kind: 'mail', payload: mailOutboxPayloadSchema.parse(mail) });
}

/** Sends a queued mail; a transport error leaves it to the dispatcher's retries. */
export function mailOutboxHandler(transport: MailTransport): OutboxHandler {
  return async (payload) => {
    await transport.send(mailOutboxPayloadSchema.parse(payload));
  };
}
