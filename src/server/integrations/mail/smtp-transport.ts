import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export interface SmtpTimeouts {
  /** To open the TCP (or TLS) connection. */
  connectionMs: number;
  /** From the connection to the server's greeting. */
  greetingMs: number;
  /** Of silence on the socket at any later step. */
  socketMs: number;
}

/**
 * Nodemailer waits 2 minutes for a connection, 30 s for the greeting and 10 minutes of silence: a
 * stuck server would outlast the outbox's lease (jobs/outbox.ts), and another instance would claim
 * the mail and send it a second time. Together these stay below the lease, so a delivery fails (and
 * is retried) while its claim still holds. An SMTP_URL may still set its own (`?socketTimeout=`).
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** Mail over SMTP with nodemailer (ARCHITECTURE §8): `smtp://user:pass@host:port` or `smtps://…`. */
export function createSmtpTransport({
  url,
  from,
  timeouts = SMTP_TIMEOUTS,
}: {
  url: string;
  from: string;
  timeouts?: SmtpTimeouts;
}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    kind: 'smtp',
    async send({ to, subject, text, html, attachments }: MailMessage) {
      await transporter.sendMail({
        from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(attachments
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
                ...(a.contentType ? { contentType: a.contentType } : {}),
              })),
            }
          : {}),
      });
    },
  };
}
