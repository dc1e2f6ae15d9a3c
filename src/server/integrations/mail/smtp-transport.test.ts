import { type AddressInfo, createServer, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { OUTBOX_LEASE_MS } from '../../jobs/outbox.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { createSmtpTransport, SMTP_TIMEOUTS } from './smtp-transport.ts';

// A real SMTP server in the test (smtp-server): what nodemailer sends is what arrives.

interface Received {
  from: string | undefined;
  to: string[];
  data: string;
}

describe(`mail over SMTP (${testEngine})`, () => {
  let server: SMTPServer;
  let url: string;
  const inbox: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with its attachment', async () => {
    const transport = createSmtpTransport({ url, from: 'Barrio <no-reply@barrio.test>' });
    await transport.send({
      to: 'ana@example.test',
      subject: 'Reserva confirmada',
      text: 'Hola Ana',
      attachments: [{ filename: 'reserva.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    });
    const mail = inbox.at(-1)!;
    expect(mail.from).toBe('no-reply@barrio.test');
    expect(mail.to).toEqual(['ana@example.test']);
    expect(mail.data).toMatch(/Subject: Reserva confirmada/);
    expect(mail.data).toMatch(/filename=reserva\.ics/);
  });

  it('sends the magic link through SMTP when SMTP_URL is set, and no dev mailbox exists', async () => {
    const database: Database = await createTestDatabase();
    try {
      const appUrl = 'http://barrio.test';
      const { app } = createTestApp(database, { env: { APP_URL: appUrl, SMTP_URL: url } });
      const browser = createHttpClient(app, { origin: appUrl });
      const response = await browser.post('/api/auth/sign-in/magic-link', {
        email: 'smtp.user@example.test',
        callbackURL: '/',
      });
      expect(response.status).toBe(200);
      const mail = inbox.find((m) => m.to.includes('smtp.user@example.test'));
      expect(mail?.data).toMatch(/Subject: /);
      // Quoted-printable may fold long lines: unfold before looking for the link.
      const body = mail!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /http:\/\/barrio\.test\/auth\/magic-link\?token=([A-Za-z0-9]+)/.exec(body)?.[1];
      expect(token).toBeDefined();
      const signedIn = await browser.post('/api/auth/magic-link/verify', { token });
      expect(signedIn.status).toBe(200);
      expect((await browser.get('/api/me')).status).toBe(200);
      expect((await browser.get('/api/dev/mailbox')).status).toBe(404);
    } finally {
      await database.close();
    }
  });
});

describe('SMTP timeouts', () => {
  it('give up on a stuck server while the outbox lease still holds', () => {
    const { connectionMs, greetingMs, socketMs } = SMTP_TIMEOUTS;
    expect(Math.min(connectionMs, greetingMs, socketMs)).toBeGreaterThan(0);
    expect(connectionMs + greetingMs + socketMs).toBeLessThan(OUTBOX_LEASE_MS);
  });

  it('reach nodemailer, under the names it reads', () => {
    const created = vi.spyOn(nodemailer, 'createTransport');
    try {
      createSmtpTransport({ url: 'smtp://127.0.0.1:1', from: 'no-reply@barrio.test' });
      expect(created).toHaveBeenCalledWith({
        url: 'smtp://127.0.0.1:1',
        connectionTimeout: SMTP_TIMEOUTS.connectionMs,
        greetingTimeout: SMTP_TIMEOUTS.greetingMs,
        socketTimeout: SMTP_TIMEOUTS.socketMs,
      });
    } finally {
      created.mockRestore();
    }
  });

  it('a server that accepts the connection and never greets fails the delivery', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const transport = createSmtpTransport({
        url: `smtp://127.0.0.1:${port}`,
        from: 'no-reply@barrio.test',
        timeouts: { connectionMs: 1_000, greetingMs: 100, socketMs: 1_000 },
      });
      await expect(
        transport.send({ to: 'ana@example.test', subject: 'Hola', text: 'Hola' }),
      ).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
