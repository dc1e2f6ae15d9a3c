import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server (smtp-server, as in smtp-transport.test.ts) that can be told to fail: while
// failing it answers MAIL FROM with 451 (a temporary refusal, which nodemailer reports as an
// error), so the outbox must retry. It counts what it accepted and what it refused.

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Envelope recipients of every accepted message, one entry per message. */
  accepted: string[][];
  refused: number;
  fail(failing: boolean): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const accepted: string[][] = [];
  let refused = 0;
  let failing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!failing) return callback();
      refused++;
      const error = Object.assign(new Error('Service temporarily unavailable'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    get refused() {
      return refused;
    },
    fail(next) {
      failing = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
