import { describe, expect, it } from 'vitest';
import { MASK, maskContacts } from './mask-contacts.ts';

describe('maskContacts', () => {
  it.each([
    ['Escríbele al 55 1234 5678, es muy puntual', `Escríbele al ${MASK}, es muy puntual`],
    ['WhatsApp +52 1 55-1234-5678 directo', `WhatsApp ${MASK} directo`],
    ['llama al (55) 1234.5678', `llama al ${MASK}`],
    ['mi correo: ana.garcia+barrio@correo.com.mx gracias', `mi correo: ${MASK} gracias`],
    ['5512345678', MASK],
  ])('masks %s', (text, shown) => {
    expect(maskContacts(text)).toBe(shown);
  });

  it('leaves prices, times, dates and ratings alone', () => {
    const text = 'Cobró $1,200 por 3 horas, llegó a las 10:30 el 12/11/2026; 5 de 5 estrellas';
    expect(maskContacts(text)).toBe(text);
  });
});
