import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

// What an operator's log keeps of a failed mail or WhatsApp message: what happened, not to whom.

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('the log', () => {
  it('redacts e-mail addresses and phone numbers in fields, messages and errors', () => {
    const { lines, logger } = capture();
    const outboxId = '0f6b2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
    logger.warn(
      {
        outboxId,
        to: 'ana.lopez+citas@example.test',
        phone: '+52 55 2345 6789',
        waId: '5215523456789',
        ms: 1234,
        err: new Error('550 5.1.1 <ana.lopez+citas@example.test>: mailbox unavailable'),
      },
      'whatsapp: +1 (415) 555-0132 and +525523456789 unreachable',
    );
    const [line = ''] = lines;
    const entry = JSON.parse(line) as Record<string, unknown>;
    // What the line says, without its own time and the stack's file positions (numbers of their own,
    // which may hold "415" on any day) — the stack's first line, the message, is kept.
    const { time: _time, err, ...said } = entry as { time: number; err: { stack: string } };
    const text = JSON.stringify({ ...said, err: { ...err, stack: err.stack.split('\n')[0] } });
    for (const personal of ['ana.lopez', '2345 6789', '5523456789', '5215523456789', '555-0132', '415'])
      expect(text, personal).not.toContain(personal);
    expect(entry).toMatchObject({
      outboxId,
      to: '[redacted]@example.test',
      phone: '[redacted]',
      waId: '[redacted]',
      ms: 1234,
      msg: 'whatsapp: [redacted] and [redacted] unreachable',
    });
    expect(String((entry.err as { message: string }).message)).toBe(
      '550 5.1.1 <[redacted]@example.test>: mailbox unavailable',
    );
    // The line's own time (milliseconds, 13 digits) is not a phone number.
    expect(typeof entry.time).toBe('number');
    expect(entry.time).toBeGreaterThan(1_600_000_000_000);
  });

  it('redacts RFCs and CURPs, as a database error quoting a row would show them', () => {
    const { lines, logger } = capture();
    logger.error(
      { err: new Error('Failing row contains (PEMJ800101AB6, JUANA, 625, 03100, PEMJ800101MDFRRN09).') },
      'tax profile: BAR200101XY7 not saved',
    );
    const entry = JSON.parse(lines[0]!) as { msg: string; err: { message: string } };
    expect(entry.msg).toBe('tax profile: [redacted] not saved');
    expect(entry.err.message).toBe('Failing row contains ([redacted], JUANA, 625, 03100, [redacted]).');
  });

  it('redacts the tokens of links', () => {
    const { lines, logger } = capture();
    logger.info({ link: 'https://barrio.test/vendor-confirm?token=abc123def456&action=confirm' }, 'sent');
    expect(lines[0]).not.toContain('abc123def456');
  });
});
