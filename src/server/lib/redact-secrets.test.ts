import { describe, expect, it } from 'vitest';
import { confirmLinks } from '../features/booking-lifecycle/messages/booking-mails.ts';
import { REDACTED, redactSecrets, redactSecretsDeep } from './redact-secrets.ts';

// What we keep of a sent message has no usable token in it.

const TOKEN = 'k3Jq_Zx9-aB0cD1eF2gH3iJ4kL5mN6oP7qR8sT9uV0w';

describe('redactSecrets', () => {
  it('replaces the token of both confirm links and keeps the rest of the text', () => {
    const links = confirmLinks('http://barrio.test', TOKEN);
    const text = `Confirmar: ${links.confirm}\nRechazar: ${links.decline}\nGracias.`;
    expect(redactSecrets(text)).toBe(
      [
        `Confirmar: http://barrio.test/vendor-confirm?token=${REDACTED}&action=confirm`,
        `Rechazar: http://barrio.test/vendor-confirm?token=${REDACTED}&action=decline`,
        'Gracias.',
      ].join('\n'),
    );
  });

  it('covers any parameter named …token, after & or &amp;, at the end of a sentence or a quote', () => {
    expect(
      redactSecrets(
        `Verifica: http://x.test/api/auth/verify-email?callbackURL=%2Fv&token=${TOKEN}. ` +
          `<a href="http://x.test/a?id=1&amp;access_token=${TOKEN}">a</a> ` +
          `http://x.test/b?confirmToken=${TOKEN}#top`,
      ),
    ).toBe(
      `Verifica: http://x.test/api/auth/verify-email?callbackURL=%2Fv&token=${REDACTED} ` +
        `<a href="http://x.test/a?id=1&amp;access_token=${REDACTED}">a</a> ` +
        `http://x.test/b?confirmToken=${REDACTED}#top`,
    );
  });

  it("replaces a calendar feed's token, the name of its file", () => {
    expect(redactSecrets(`{"path":"/api/calendar/${TOKEN}.ics","status":200}`)).toBe(
      `{"path":"/api/calendar/${REDACTED}.ics","status":200}`,
    );
    expect(redactSecrets(`webcal://x.test/api/calendar/${TOKEN}.ics y más`)).toBe(
      `webcal://x.test/api/calendar/${REDACTED}.ics y más`,
    );
  });

  it('leaves text without token parameters alone', () => {
    const text = 'Reserva ABC234: http://x.test/sandbox/checkout/cs_1?lang=es token: none';
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('redactSecretsDeep', () => {
  it('redacts every string of a payload, keeping keys, numbers and nesting', () => {
    const payload = {
      type: 'booking_request',
      to: '+525512345678',
      appointmentId: 'a1',
      attempts: 2,
      text: `Confirmar: http://x.test/vendor-confirm?token=${TOKEN}&action=confirm`,
      attachments: [{ filename: 'a.ics', content: `URL:http://x.test/c?token=${TOKEN}` }],
      html: null,
    };
    const redacted = redactSecretsDeep(payload);
    expect(JSON.stringify(redacted)).not.toContain(TOKEN);
    expect(redacted).toEqual({
      ...payload,
      text: `Confirmar: http://x.test/vendor-confirm?token=${REDACTED}&action=confirm`,
      attachments: [{ filename: 'a.ics', content: `URL:http://x.test/c?token=${REDACTED}` }],
    });
  });
});
