import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './mail-transport.ts';

/** Mail over SMTP with nodemailer (ARCHITECTURE §8): `smtp://user:pass@host:port` or `smtps://…`. */
export function createSmtpTransport({ url, from }: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(url);
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
