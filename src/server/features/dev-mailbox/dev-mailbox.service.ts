import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/mail.ts';

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

/**
 * ARCHITECTURE §13: the dev mailbox, newest first (the last 100 mails: it is a laptop tool), or the
 * last 100 sent to one address (any case), whatever was sent to others since.
 */
export async function listDevMail(
  db: Db,
  { limit = 100, to }: { limit?: number; to?: string | undefined } = {},
): Promise<DevMail[]> {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(to ? sql`lower(${devMailbox.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(devMailbox.sentAt), desc(devMailbox.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    links: r.links,
    sent_at: r.sentAt.toISOString(),
  }));
}
