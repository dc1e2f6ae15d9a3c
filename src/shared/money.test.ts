import { describe, expect, it } from 'vitest';
import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it('divides cents by 100 and shows two decimals with a $ sign (spec §9)', () => {
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

  it('refuses what is not an amount', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
