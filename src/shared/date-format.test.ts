import { describe, expect, it } from 'vitest';
import { dateTimeFormat, utcStamp, zoneCity } from './date-format.ts';

describe('dateTimeFormat', () => {
  it('builds one formatter per locale and options, and formats as Intl does', () => {
    const options = { timeZone: 'America/Mexico_City', dateStyle: 'full', timeStyle: 'short' } as const;
    const first = dateTimeFormat('es-MX', options);
    expect(dateTimeFormat('es-MX', { ...options })).toBe(first);
    expect(dateTimeFormat('en-US', options)).not.toBe(first);
    expect(dateTimeFormat('es-MX', { ...options, timeZone: 'Europe/Madrid' })).not.toBe(first);
    const at = new Date('2026-11-23T15:00:00Z');
    expect(first.format(at)).toBe(new Intl.DateTimeFormat('es-MX', options).format(at));
  });

  it('throws for a time zone Intl does not know, and caches nothing for it', () => {
    expect(() => dateTimeFormat('es-MX', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('es-MX', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('utcStamp', () => {
  it('writes an instant as iCalendar and Google Calendar want it, in UTC, without its milliseconds', () => {
    expect(utcStamp(new Date('2026-11-23T15:00:00.000Z'))).toBe('20261123T150000Z');
    expect(utcStamp(new Date('2026-11-23T09:05:07.999-06:00'))).toBe('20261123T150507Z');
  });
});

describe('zoneCity', () => {
  it('names a vendor’s zone by its city in the reader’s language, never by the IANA id', () => {
    expect(zoneCity('America/Mexico_City', 'es-MX')).toBe('Ciudad de México');
    expect(zoneCity('America/Mexico_City', 'en')).toBe('Mexico City');
    expect(zoneCity('America/Cancun', 'es-MX')).toBe('Cancún');
    expect(zoneCity('America/Bahia_Banderas', 'en')).toBe('Bahia Banderas');
  });
});
