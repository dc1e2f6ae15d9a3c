import { describe, expect, it } from 'vitest';
import {
  cancelRefundMxn,
  customerCancelDeadline,
  noShowRefundMxn,
  percentOf,
  refundBoundaries,
  refundPercentAt,
} from './cancellation-policy.ts';

const start = new Date('2027-03-10T18:00:00.000Z');
const ahead = (hours: number, minutes = 0) =>
  new Date(start.getTime() - hours * 3_600_000 - minutes * 60_000);

describe('refundPercentAt', () => {
  it('flexible: everything until 24 hours before, nothing from that instant', () => {
    expect(refundPercentAt('flexible', start, ahead(24, 1))).toBe(100);
    expect(refundPercentAt('flexible', start, ahead(24))).toBe(0);
    expect(refundPercentAt('flexible', start, ahead(24, -1))).toBe(0);
  });

  it('moderate: everything until 48 hours, half until 24, nothing after', () => {
    expect(refundPercentAt('moderate', start, ahead(48, 1))).toBe(100);
    expect(refundPercentAt('moderate', start, ahead(48))).toBe(50);
    expect(refundPercentAt('moderate', start, ahead(24, 1))).toBe(50);
    expect(refundPercentAt('moderate', start, ahead(24))).toBe(0);
    expect(refundPercentAt('moderate', start, ahead(0, 1))).toBe(0);
  });

  it('strict: everything until 72 hours, nothing after', () => {
    expect(refundPercentAt('strict', start, ahead(72, 1))).toBe(100);
    expect(refundPercentAt('strict', start, ahead(72))).toBe(0);
    expect(refundPercentAt('strict', start, ahead(71, 59))).toBe(0);
  });
});

describe('amounts', () => {
  it('rounds half of an odd amount down to whole centavos', () => {
    expect(percentOf(12_345, 50)).toBe(6_172);
    expect(percentOf(1, 50)).toBe(0);
    expect(percentOf(45_000, 100)).toBe(45_000);
    expect(cancelRefundMxn('moderate', 12_345, start, ahead(30))).toBe(6_172);
  });

  it('refunds nothing for a no-show under any preset', () => {
    for (const policy of ['flexible', 'moderate', 'strict'] as const)
      expect(noShowRefundMxn(policy, 45_000, start)).toBe(0);
  });
});

describe('deadlines', () => {
  it('keeps the 24 hours of flexible, and lets the others cancel until the start', () => {
    expect(customerCancelDeadline('flexible', start)).toEqual(ahead(24));
    expect(customerCancelDeadline('moderate', start)).toEqual(start);
    expect(customerCancelDeadline('strict', start)).toEqual(start);
  });

  it('lists the instants each refund ends', () => {
    expect(refundBoundaries('moderate', start)).toEqual([
      { until: ahead(48), percent: 100 },
      { until: ahead(24), percent: 50 },
    ]);
  });
});
