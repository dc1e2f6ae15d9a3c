import { describe, expect, it } from 'vitest';
import { categoryLabel } from './categories.ts';
import { zoneCity } from './date-format.ts';
import { inLanguage, languageInCookies, languageOf, requestLanguage } from './language.ts';
import { hourlyRateText, priceText } from './money.ts';

// Whether every table has every language: src/server/language-tables.test.ts.

describe('languageOf', () => {
  it('maps a tag or an Accept-Language value to one of our languages, else the fallback', () => {
    expect(languageOf('es-MX')).toBe('es-MX');
    expect(languageOf('es')).toBe('es-MX');
    expect(languageOf('es-ES')).toBe('es-MX');
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('fr-CA,en;q=0.8,es;q=0.5')).toBe('en');
    expect(languageOf('fr')).toBe('es-MX');
    expect(languageOf('fr', 'en')).toBe('en');
    expect(languageOf('')).toBe('es-MX');
    expect(languageOf(undefined)).toBe('es-MX');
  });

  it('keeps what readers saw: English for en…, Spanish for anything else (a city: English)', () => {
    expect(priceText(0, 'en-US')).toBe('Free');
    expect(priceText(0, 'pt-BR')).toBe('Gratis');
    expect(hourlyRateText(45_000, 180, 'es')).toBe('$150 MXN/hora');
    expect(categoryLabel('pets', 'en')).toBe('Pets');
    expect(categoryLabel('pets', 'de')).toBe('Mascotas');
    expect(zoneCity('America/Mexico_City', 'es')).toBe('Ciudad de México');
    expect(zoneCity('America/Mexico_City', 'de')).toBe('Mexico City');
    expect(inLanguage('en', { 'es-MX': 'Hola', en: 'Hi' })).toBe('Hi');
  });
});

describe('requestLanguage', () => {
  it('takes the stored choice (the cookie) over what the browser asks for, else the browser, else Spanish', () => {
    expect(requestLanguage({ acceptLanguage: 'es-MX,es;q=0.9,en;q=0.8' })).toBe('es-MX');
    expect(requestLanguage({ acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(requestLanguage({ acceptLanguage: 'fr-FR' })).toBe('es-MX');
    expect(requestLanguage({})).toBe('es-MX');
    expect(requestLanguage({ cookie: 'a=1; barrio_language=en', acceptLanguage: 'es-MX' })).toBe('en');
    expect(requestLanguage({ cookie: 'barrio_language=es-MX', acceptLanguage: 'en-US' })).toBe('es-MX');
    // A value that is not one of ours is no choice.
    expect(requestLanguage({ cookie: 'barrio_language=fr', acceptLanguage: 'en-US' })).toBe('en');
  });

  it('reads only its own cookie', () => {
    expect(languageInCookies('xbarrio_language=en; other=es-MX')).toBeUndefined();
    expect(languageInCookies(' barrio_language = en ')).toBe('en');
    expect(languageInCookies(null)).toBeUndefined();
  });
});
