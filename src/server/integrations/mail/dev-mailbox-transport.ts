import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { extractLinks, type MailMessage, type MailTransport } from './mail-transport.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * ARCHITECTURE §8: without SMTP_URL (and never in production) mails are stored in the database and shown
 * at /dev/mailbox, so magic links and booking links work on a laptop. Attachments are not kept.
 *
 * Unlike the outbox, the mailbox keeps each mail's links, tokens and all: it stands in
 * for the recipient's own inbox, where people click their magic links and confirm links, and the
 * e2e journeys read those links from it. It only must not keep them forever: each new mail first
 * deletes the mails older than the retention (OUTBOX_RETENTION_DAYS). By then their tokens have
 * long expired anyway (a confirm link within 24 hours, a magic link within minutes).
 */
export function createDevMailboxTransport({
  db,
  clock,
  retentionDays = 7, // OUTBOX_RETENTION_DAYS's default
}: {
  db: Db;
  clock: Clock;
  retentionDays?: number;
}): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send({ to, subject, text, html }: MailMessage) {
      const now = clock.now();
      await db
        .delete(devMailbox)
        .where(lt(devMailbox.sentAt, new Date(now.getTime() - retentionDays * DAY_MS)));
      await db.insert(devMailbox).values({
        to,
        subject,
        text,
        html: html ?? null,
        links: extractLinks(text),
        sentAt: now,
      });
    },
  };
}
