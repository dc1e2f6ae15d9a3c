import { describe, expect, it } from 'vitest';
import {
  normaliseContactEmail,
  normaliseContactPhone,
  normaliseContacts,
  storedPhoneForms,
} from './contacts-normalise.ts';

// One normal form per phone (E.164, default region MX) and per email (lower case).
describe('normaliseContactPhone', () => {
  it.each([
    // Mexico, today's form and every old one still found in address books
    ['national 10 digits', '5512345678', '+525512345678'],
    ['national with spaces', '55 1234 5678', '+525512345678'],
    ['national with dashes', '55-1234-5678', '+525512345678'],
    ['national with brackets and dots', '(55) 1234.5678', '+525512345678'],
    ['+52', '+525512345678', '+525512345678'],
    ['+52 with spaces', '+52 55 1234 5678', '+525512345678'],
    ['+52 with dashes', '+52-55-1234-5678', '+525512345678'],
    ['+52 1 (old mobile form)', '+52 1 55 1234 5678', '+525512345678'],
    ['+521 without spaces', '+5215512345678', '+525512345678'],
    ['52 without +', '525512345678', '+525512345678'],
    ['52 1 without +', '5215512345678', '+525512345678'],
    ['044 (old mobile from a landline)', '044 55 1234 5678', '+525512345678'],
    ['045 (old mobile long distance)', '045 33 1234 5678', '+523312345678'],
    ['0052 international prefix', '0052 55 1234 5678', '+525512345678'],
    ['Guadalajara landline', '33 3615 0000', '+523336150000'],
    ['surrounding spaces', '  55 1234 5678 ', '+525512345678'],
    // foreign numbers keep their own country
    ['United States', '+1 415 555 0123', '+14155550123'],
    ['United States with 00', '00 1 415 555 0123', '+14155550123'],
    ['Germany', '+49 151 12345678', '+4915112345678'],
    ['Spain', '+34 612 34 56 78', '+34612345678'],
    // junk
    ['empty', '', undefined],
    ['spaces only', '   ', undefined],
    ['letters', 'call me', undefined],
    ['too short', '12345', undefined],
    ['9 national digits', '551234567', undefined],
    ['11 national digits', '55123456789', undefined],
    ['an extension', '55 1234 5678 ext 12', undefined],
    ['an email', 'ana@example.test', undefined],
    ['two pluses', '++525512345678', undefined],
    ['invalid country code', '+999 1234 5678', undefined],
    ['absurdly long', '5'.repeat(60), undefined],
  ])('%s: %j → %s', (_label, input, expected) => {
    expect(normaliseContactPhone(input)).toBe(expected);
  });
});

describe('normaliseContactEmail', () => {
  it.each([
    ['Ana@Example.TEST', 'ana@example.test'],
    ['  luis.perez+barrio@correo.mx ', 'luis.perez+barrio@correo.mx'],
    ['no-at-sign.example.test', undefined],
    ['two@@example.test', undefined],
    ['spaces in@example.test', undefined],
    ['nodomain@localhost', undefined],
    ['', undefined],
    [`${'a'.repeat(250)}@example.test`, undefined],
  ])('%j → %s', (input, expected) => {
    expect(normaliseContactEmail(input)).toBe(expected);
  });
});

describe('normaliseContacts', () => {
  it('dedupes across contacts and forms and drops what is not a phone or an email', () => {
    expect(
      normaliseContacts([
        { phones: ['55 1234 5678', '+52 1 55 1234 5678', 'junk'], emails: ['Ana@Example.test'] },
        { phones: ['+1 415 555 0123'], emails: ['ana@example.test', 'not-an-email'] },
        { phones: [], emails: [] },
        {},
      ]),
    ).toEqual({ phones: ['+525512345678', '+14155550123'], emails: ['ana@example.test'] });
  });
});

describe('storedPhoneForms', () => {
  it('looks a Mexican number up with and without the old mobile 1; others as they are', () => {
    expect(storedPhoneForms('+525512345678')).toEqual(['+525512345678', '+5215512345678']);
    expect(storedPhoneForms('+14155550123')).toEqual(['+14155550123']);
  });
});
