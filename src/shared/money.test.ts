import { describe, expect, it } from 'vitest';
import { formatDuration, formatMxn, formatPrice, hourlyRateText, priceText } from './money.ts';

describe('formatPrice', () => {
  it('divides cents by 100, with a $ sign and centavos only when there are some (product §9)', () => {
    expect(formatPrice(45_000)).toBe('$450');
    expect(formatPrice(8_050)).toBe('$80.50');
    expect(formatPrice(8_005)).toBe('$80.05');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(0)).toBe('$0');
  });

  it('groups thousands', () => {
    expect(formatPrice(123_456)).toBe('$1,234.56');
    expect(formatPrice(100_000_000)).toBe('$1,000,000');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatPrice(-1_250)).toBe('-$12.50');
    expect(formatPrice(-1_200)).toBe('-$12');
  });

  it('writes what Intl.NumberFormat (en-US, grouped, 0 or 2 decimals) writes, without loading it', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const cents2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const intl = (cents: number) => (cents % 100 === 0 ? whole : cents2).format(cents / 100);
    const amounts = [1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456_789, 987_654_321_012];
    for (let cents = 0; cents < 5_000; cents += 7) amounts.push(cents);
    for (const cents of amounts) {
      expect(formatPrice(cents)).toBe(`$${intl(cents)}`);
      expect(formatPrice(-cents)).toBe(cents ? `-$${intl(cents)}` : '$0');
    }
  });

  it('rounds a fraction of a centavo to the nearest centavo', () => {
    expect(formatPrice(1234.4)).toBe('$12.34');
    expect(formatPrice(1234.5)).toBe('$12.35');
    expect(formatPrice(99_999.6)).toBe('$1,000');
  });

  it('refuses what is not an amount', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('priceText, formatMxn', () => {
  it('says MXN after an amount and "Gratis" or "Free" for nothing', () => {
    expect(formatMxn(45_000)).toBe('$450 MXN');
    expect(priceText(45_000, 'es-MX')).toBe('$450 MXN');
    expect(priceText(12_345, 'en')).toBe('$123.45 MXN');
    expect(priceText(0, 'es-MX')).toBe('Gratis');
    expect(priceText(0, 'en')).toBe('Free');
    expect(priceText(0, 'fr')).toBe('Gratis');
  });
});

describe('hourlyRateText', () => {
  it('spreads the price over the duration', () => {
    expect(hourlyRateText(45_000, 180, 'en')).toBe('$150 MXN/hr');
    expect(hourlyRateText(45_000, 180, 'es-MX')).toBe('$150 MXN/hora');
    expect(hourlyRateText(35_000, 45, 'en')).toBe('$466.67 MXN/hr');
    expect(hourlyRateText(0, 60, 'en')).toBe('Free');
  });
});

describe('formatDuration', () => {
  it('writes hours and minutes as "3 h", "45 min", "1 h 30 min"', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(180)).toBe('3 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(1440)).toBe('24 h');
    expect(formatDuration(5)).toBe('5 min');
  });
});
