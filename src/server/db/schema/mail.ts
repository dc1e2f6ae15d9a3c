import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

// ARCHITECTURE §8: outside production and without SMTP_URL, mails are kept here and shown at /dev/mailbox,
// so that magic links and booking links work on a laptop.
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: text('links').array().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_sent_at_idx').on(t.sentAt.desc().nullsFirst())],
);
