import { describe, expect, it } from 'vitest';
import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it('divides cents by 100 and shows two decimals with a $ sign (product §9)', () => {
    expect(formatPrice(35_000)).toBe('$350.00');
    expect(formatPrice(8_050)).toBe('$80.50');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('groups thousands', () => {
    expect(formatPrice(123_456)).toBe('$1,234.56');
    expect(formatPrice(100_000_000)).toBe('$1,000,000.00');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatPrice(-1_250)).toBe('-$12.50');
  });

  it('writes what Intl.NumberFormat (en-US, two decimals, grouped) writes, without loading it', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456_789, 987_654_321_012];
    for (let cents = 0; cents < 5_000; cents += 7) amounts.push(cents);
    for (const cents of amounts) {
      expect(formatPrice(cents)).toBe(`$${intl.format(cents / 100)}`);
      expect(formatPrice(-cents)).toBe(cents ? `-$${intl.format(cents / 100)}` : '$0.00');
    }
  });

  it('rounds a fraction of a centavo to the nearest centavo', () => {
    expect(formatPrice(1234.4)).toBe('$12.34');
    expect(formatPrice(1234.5)).toBe('$12.35');
  });

  it('refuses what is not an amount', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
