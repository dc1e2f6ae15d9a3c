import { describe, expect, it } from 'vitest';
import { isCustomerMessage, parseCustomerKeyword } from './whatsapp-customers.ts';

describe('parseCustomerKeyword', () => {
  it('reads BAJA and STOP in any case, with accents or words after them, and ALTA', () => {
    for (const text of [
      'BAJA',
      'baja',
      'Baja, por favor',
      'STOP',
      'stop please',
      'Quiero darme de baja',
      '¡Bája!',
    ])
      expect(parseCustomerKeyword(text), text).toBe('opt_out');
    for (const text of ['ALTA', 'alta por favor', 'Start'])
      expect(parseCustomerKeyword(text), text).toBe('opt_in');
  });

  it('leaves other words alone, BAJA inside another sentence too', () => {
    for (const text of ['¿A qué hora llegan?', 'la presión está baja', 'no pares', 'CONFIRMAR ABC234', ''])
      expect(parseCustomerKeyword(text), text).toBeUndefined();
  });
});

describe('isCustomerMessage', () => {
  it('is a booking message that names no vendor profile', () => {
    expect(isCustomerMessage({ type: 'payment_link' })).toBe(true);
    expect(isCustomerMessage({ type: 'booking_notice' })).toBe(true);
    expect(isCustomerMessage({ type: 'payment_received', vendorProfileId: 'v' })).toBe(false);
    expect(isCustomerMessage({ type: 'booking_request' })).toBe(false);
    expect(isCustomerMessage({ type: 'reply' })).toBe(false);
  });
});
