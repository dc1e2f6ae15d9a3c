import { describe, expect, it } from 'vitest';
import { parseCommand, parseReplyId, replyIdOf } from './whatsapp-commands.ts';
import { normalizeWhatsAppPhone, phoneVariants } from './whatsapp-phone.ts';
import { langOf } from './whatsapp-texts.ts';

describe('parseCommand (ARCHITECTURE §9)', () => {
  it.each([
    ['REGISTER', 'register'],
    ['registro', 'register'],
    ['Help', 'help'],
    ['ayuda', 'help'],
    ['AVAILABILITY', 'availability'],
    ['Disponibilidad', 'availability'],
    ['CONFIRM', 'confirm'],
    ['confirmar', 'confirm'],
    ['DENY', 'deny'],
    ['Rechazar', 'deny'],
    ['BLOCK', 'block'],
    ['bloquear', 'block'],
    ['hola, ¿qué tal?', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (text, command) => {
    expect(parseCommand(text)).toEqual({ command });
  });

  it('takes the booking code after CONFIRM / DENY in any case, with # or punctuation', () => {
    expect(parseCommand('confirm abc234')).toEqual({ command: 'confirm', code: 'ABC234' });
    expect(parseCommand('  CONFIRMAR #XK7P2M. ')).toEqual({ command: 'confirm', code: 'XK7P2M' });
    expect(parseCommand('rechazar: ZZ99QQ')).toEqual({ command: 'deny', code: 'ZZ99QQ' });
    expect(parseCommand('DENY por favor no puedo')).toEqual({ command: 'deny' }); // not a code
    expect(parseCommand('HELP ABC234')).toEqual({ command: 'help' });
    // Decline-and-block takes its code the same way.
    expect(parseCommand('Bloquear #xk7p2m')).toEqual({ command: 'block', code: 'XK7P2M' });
    expect(parseCommand('BLOCK ZZ99QQ')).toEqual({ command: 'block', code: 'ZZ99QQ' });
  });
});

describe('plain answers and taps (decision 069)', () => {
  it.each([
    ['sí', 'confirm'],
    ['Si confirmo', 'confirm'],
    ['Sí, confirmo', 'confirm'],
    ['ok', 'confirm'],
    ['Confirmo', 'confirm'],
    ['no', 'deny'],
    ['No puedo', 'deny'],
    ['rechazo', 'deny'],
    ['no sé si puedo ir ese día, te aviso', 'unknown'],
    ['si puedes llámame mañana temprano por favor', 'unknown'],
  ])('%s → %s, without a code', (text, command) => {
    expect(parseCommand(text)).toEqual({ command });
  });

  it('reads our ids back, and nothing else', () => {
    expect(parseReplyId(replyIdOf('confirm', 'XK7P2M'))).toEqual({ command: 'confirm', code: 'XK7P2M' });
    expect(parseReplyId('deny:ZZ99QQ')).toEqual({ command: 'deny', code: 'ZZ99QQ' });
    expect(parseReplyId('block:ZZ99QQ')).toEqual({ command: 'block', code: 'ZZ99QQ' });
    expect(parseReplyId('pay:ZZ99QQ')).toEqual({ command: 'unknown' });
    expect(parseReplyId('confirm:zz99qq')).toEqual({ command: 'unknown' });
    expect(parseReplyId('confirm:')).toEqual({ command: 'unknown' });
  });
});

describe('WhatsApp phones: Mexico’s 52 / 521 forms', () => {
  it('normalises WhatsApp ids and typed numbers to +52 E.164', () => {
    expect(normalizeWhatsAppPhone('5215512345678')).toBe('+525512345678');
    expect(normalizeWhatsAppPhone('525512345678')).toBe('+525512345678');
    expect(normalizeWhatsAppPhone('+52 1 55 1234 5678')).toBe('+525512345678');
    expect(normalizeWhatsAppPhone('55 1234 5678')).toBe('+525512345678');
    expect(normalizeWhatsAppPhone('14155550123')).toBe('+14155550123');
    expect(normalizeWhatsAppPhone('not a phone')).toBeUndefined();
  });

  it('matches both stored forms of a Mexican number, and only the number itself elsewhere', () => {
    expect(phoneVariants('+525512345678')).toEqual(['+525512345678', '+5215512345678']);
    expect(phoneVariants('+14155550123')).toEqual(['+14155550123']);
  });
});

describe('reply language', () => {
  it('is Spanish unless the vendor lists languages without Spanish', () => {
    expect(langOf(['Spanish', 'English'])).toBe('es-MX');
    expect(langOf([])).toBe('es-MX');
    expect(langOf(['English', 'French'])).toBe('en');
  });

  it("is the vendor's account's language when it has one (decision 068)", () => {
    expect(langOf(['Spanish'], 'en')).toBe('en');
    expect(langOf(['English'], 'es-MX')).toBe('es-MX');
    expect(langOf(['English'], null)).toBe('en');
  });
});
