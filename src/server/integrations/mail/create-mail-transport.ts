import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createDevMailboxTransport } from './dev-mailbox-transport.ts';
import type { MailTransport } from './mail-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** Whether the dev mailbox is the transport (and so /api/dev/mailbox and /dev/mailbox exist). */
export function usesDevMailbox(config: Config): boolean {
  return !config.mail.smtpUrl && !config.production;
}

/** SMTP when SMTP_URL is set; else the dev mailbox, which production refuses (ARCHITECTURE §8). */
export function createMailTransport({
  config,
  db,
  clock,
}: {
  config: Config;
  db: Db;
  clock: Clock;
}): MailTransport {
  if (config.mail.smtpUrl) return createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from });
  if (config.production) {
    // A production server without SMTP cannot send magic links: fail loudly at the first mail.
    return {
      kind: 'smtp',
      send: async () => {
        throw new Error('SMTP_URL is not set: mail cannot be sent in production.');
      },
    };
  }
  return createDevMailboxTransport({ db, clock, retentionDays: config.outboxRetentionDays });
}
