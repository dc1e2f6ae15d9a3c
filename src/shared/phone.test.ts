import { describe, expect, it } from 'vitest';
import { countries, defaultCountry } from './countries.ts';
import { phoneAsTypedSchema, phoneForReading, splitE164, toE164 } from './phone.ts';
import { updateProfileSchema } from './profile.schemas.ts';

describe('countries', () => {
  it('has the 27 entries of product §3, Mexico (+52) first as the default (product §9)', () => {
    expect(countries).toHaveLength(27);
    expect(defaultCountry).toMatchObject({ name: 'Mexico', code: 'MX', dial: '+52' });
    expect(new Set(countries.map((c) => c.code)).size).toBe(27);
    for (const code of ['US', 'CA', 'GB']) expect(countries.some((c) => c.code === code)).toBe(true);
  });
});

describe('phones as E.164', () => {
  it('reads a number as typed, in the chosen country', () => {
    expect(toE164('55 1234 5678')).toBe('+525512345678');
    expect(toE164('(415) 555-0123', 'US')).toBe('+14155550123');
    expect(toE164('+44 20 7946 0958', 'MX')).toBe('+442079460958');
    expect(toE164('12')).toBeUndefined();
  });

  it.each([
    ['52 55 2345 6789', 'MX', '+525523456789'],
    ['+52 55 2345 6789', 'MX', '+525523456789'],
    ['0052 55 2345 6789', 'MX', '+525523456789'],
    ['044 55 2345 6789', 'MX', '+525523456789'],
    ['045 33 1234 5678', 'MX', '+523312345678'],
    ['01 55 2345 6789', 'MX', '+525523456789'],
    ['1 55 2345 6789', 'MX', '+525523456789'],
    ['+52 1 55 2345 6789', 'MX', '+525523456789'],
    ['52 1 55 2345 6789', 'MX', '+525523456789'],
    ['+1 (415) 555-0132', 'MX', '+14155550132'],
    ['00 1 415 555 0132', 'MX', '+14155550132'],
    ['0052 1 55 2345 6789', 'US', '+525523456789'],
    ['(415) 555-0132', 'US', '+14155550132'],
  ] as const)('reads %j typed with the %s picker as %s', (typed, country, e164) => {
    expect(toE164(typed, country)).toBe(e164);
  });

  it.each(['1234', '044 1234', '55 2345 678', '+52 1234', 'call me'])('refuses %j', (typed) => {
    expect(toE164(typed)).toBeUndefined();
  });

  it('reads a stored number grouped as people write it, and leaves one it cannot parse as it is', () => {
    expect(phoneForReading('+525512345678')).toBe('+52 55 1234 5678');
    expect(phoneForReading('+14155550123')).toBe('+1 415 555 0123');
    expect(phoneForReading('5512')).toBe('5512');
  });

  it('splits a stored number back into country and national number', () => {
    expect(splitE164('+525512345678')).toEqual({ country: 'MX', national: '5512345678' });
    expect(splitE164('+14155550123')).toEqual({ country: 'US', national: '4155550123' });
    expect(splitE164(null)).toEqual({ country: 'MX', national: '' });
  });

  it('normalises the profile phone and refuses a bad one', () => {
    expect(updateProfileSchema.parse({ phone: '+52 55 1234 5678' }).phone).toBe('+525512345678');
    expect(updateProfileSchema.parse({ phone: null }).phone).toBeNull();
    expect(updateProfileSchema.safeParse({ phone: 'call me' }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ is_admin: true }).success).toBe(false);
  });
});

describe('a phone as a form holds it', () => {
  it('is E.164 in the picked country, empty when no number was typed, refused when not a number', () => {
    expect(phoneAsTypedSchema.parse({ country: 'MX', national: '55 1234 5678' })).toBe('+525512345678');
    expect(phoneAsTypedSchema.parse({ country: 'US', national: '(415) 555-0123' })).toBe('+14155550123');
    expect(phoneAsTypedSchema.parse({ country: 'MX', national: '  ' })).toBe('');
    expect(phoneAsTypedSchema.safeParse({ country: 'MX', national: '12' }).success).toBe(false);
    expect(phoneAsTypedSchema.safeParse({ country: 'ZZ', national: '55 1234 5678' }).success).toBe(false);
  });
});
