import type { Db } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { extractLinks, type MailMessage, type MailTransport } from './mail-transport.ts';

/**
 * DESIGN §8: without SMTP_URL (and never in production) mails are stored in the database and shown
 * at /dev/mailbox, so magic links and booking links work on a laptop. Attachments are not kept.
 */
export function createDevMailboxTransport({ db, clock }: { db: Db; clock: Clock }): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send({ to, subject, text, html }: MailMessage) {
      await db.insert(devMailbox).values({
        to,
        subject,
        text,
        html: html ?? null,
        links: extractLinks(text),
        sentAt: clock.now(),
      });
    },
  };
}
