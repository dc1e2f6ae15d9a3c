import { describe, expect, it } from 'vitest';
import { parseVCards } from './contacts-vcard.ts';

describe('parseVCards', () => {
  it('reads vCard 3.0 and 4.0 cards: names, phones and emails', () => {
    const file = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:López;Ana;;;',
      'FN:Ana López',
      'TEL;TYPE=CELL:+52 55 1234 5678',
      'item1.TEL;TYPE=HOME:55-8765-4321',
      'EMAIL;TYPE=INTERNET:Ana@Example.test',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'N:Pérez;Luis;;;',
      'TEL;VALUE=uri;TYPE=cell:tel:+1-415-555-0123',
      'EMAIL:mailto:luis@example.test',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVCards(file)).toEqual([
      {
        name: 'Ana López',
        phones: ['+52 55 1234 5678', '55-8765-4321'],
        emails: ['Ana@Example.test'],
      },
      { name: 'Luis Pérez', phones: ['+1-415-555-0123'], emails: ['luis@example.test'] },
    ]);
  });

  it('unfolds long lines, unescapes values and decodes vCard 2.1 quoted-printable names', () => {
    const file = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Mar=C3=ADa Ib=C3=A1=',
      '=C3=B1ez',
      'TEL;CELL:55 1122',
      ' 3344',
      'NOTE:Line one\\nLine two\\, with a comma',
      'END:VCARD',
    ].join('\n');
    expect(parseVCards(file)).toEqual([{ name: 'María Ibáñez', phones: ['55 11223344'], emails: [] }]);
  });

  it('skips cards without a phone or an email, text outside cards, and unfinished cards', () => {
    const file = [
      'garbage before',
      'BEGIN:VCARD',
      'FN:Nobody',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:Half',
      'TEL:5512345678',
    ].join('\n');
    expect(parseVCards(file)).toEqual([]);
    expect(parseVCards('')).toEqual([]);
    expect(parseVCards('not a vcard at all')).toEqual([]);
  });
});
