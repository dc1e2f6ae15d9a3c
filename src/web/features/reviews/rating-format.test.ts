import { describe, expect, it } from 'vitest';
import { ratingText, responseTime, wholePercent } from './rating-format.ts';

describe('ratingText', () => {
  it('writes the average with one decimal in both languages', () => {
    expect(ratingText(4.66, 'en')).toBe('4.7');
    expect(ratingText(5, 'en')).toBe('5.0');
    expect(ratingText(4.66, 'es-MX')).toBe('4.7');
  });
});

describe('wholePercent', () => {
  it('rounds a rate to a whole percentage', () => {
    expect(wholePercent(0.956)).toBe(96);
    expect(wholePercent(1)).toBe(100);
    expect(wholePercent(0)).toBe(0);
  });
});

describe('responseTime', () => {
  it('says minutes under an hour, never 0', () => {
    expect(responseTime(0)).toEqual({ unit: 'minutes', count: 1 });
    expect(responseTime(12.4)).toEqual({ unit: 'minutes', count: 12 });
    expect(responseTime(59.4)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('says whole hours from an hour, rounded', () => {
    expect(responseTime(59.6)).toEqual({ unit: 'hours', count: 1 });
    expect(responseTime(89)).toEqual({ unit: 'hours', count: 1 });
    expect(responseTime(125)).toEqual({ unit: 'hours', count: 2 });
    expect(responseTime(47 * 60)).toEqual({ unit: 'hours', count: 47 });
  });

  it('says days from 48 hours on', () => {
    expect(responseTime(47.6 * 60)).toEqual({ unit: 'days', count: 2 });
    expect(responseTime(48 * 60)).toEqual({ unit: 'days', count: 2 });
    expect(responseTime(80 * 60)).toEqual({ unit: 'days', count: 3 });
  });
});
