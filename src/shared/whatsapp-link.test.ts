import { describe, expect, it } from 'vitest';
import { whatsAppLink } from './whatsapp-link.ts';

describe('whatsAppLink', () => {
  it('keeps only the digits of the phone, as wa.me wants them', () => {
    expect(whatsAppLink('+525512345678')).toBe('https://wa.me/525512345678');
    expect(whatsAppLink('+1 (415) 555-0132')).toBe('https://wa.me/14155550132');
    expect(whatsAppLink('525512345678')).toBe('https://wa.me/525512345678');
  });
});
