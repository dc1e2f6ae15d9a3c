import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/messaging.ts';
import type { MailTransport } from '../../integrations/mail/mail-transport.ts';

// The outbox's write side (decision 013): what features call to queue a side effect in their own
// transaction, the shape of an item and of a handler, and the mail kind's payload and handler.
// Delivery — claiming, leases, retries, retention — is the dispatcher's, in jobs/outbox.ts, which
// imports this file (features never import jobs). The other kind, 'whatsapp', has its payload
// schema and handler in the WhatsApp feature (features/whatsapp/whatsapp-outbound.service.ts,
// whatsapp-outbox.ts); main.ts registers both.

export type OutboxKind = (typeof outbox.$inferSelect)['kind'];

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  /** This delivery's number: 1 on the first try. */
  attempts: number;
}

/** Delivers one item; throws to have it retried later. */
export type OutboxHandler = (payload: Record<string, unknown>, item: OutboxItem) => Promise<void>;

/** Queues a side effect inside the caller's transaction: it exists exactly when the change commits. */
export async function enqueue(
  tx: Db | Tx,
  { kind, payload }: { kind: OutboxKind; payload: Record<string, unknown> },
): Promise<string> {
  const [row] = await tx.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
  return row!.id;
}

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

/** Queues a mail inside the caller's transaction, so it is sent only if the change commits (decision 013). */
export async function enqueueMail(tx: Db | Tx, mail: MailOutboxPayload): Promise<string> {
  return enqueue(tx, { kind: 'mail', payload: mailOutboxPayloadSchema.parse(mail) });
}

/** Sends a queued mail; a transport error leaves it to the dispatcher's retries. */
export function mailOutboxHandler(transport: MailTransport): OutboxHandler {
  return async (payload) => {
    await transport.send(mailOutboxPayloadSchema.parse(payload));
  };
}
