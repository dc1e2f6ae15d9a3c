import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { timeOffRange } from './time-off.service.ts';

// Decision 090: the instants a time off names, and its limits, with a fixed "now" (no database).

const NOW = new Date('2026-10-30T16:00:00Z'); // Friday 12:00 in New York (EDT, UTC−4)
const HOUR = 60 * 60_000;

function reasonOf(input: { from: string; to: string }, zone = 'America/New_York') {
  try {
    timeOffRange(input, zone, NOW);
  } catch (err) {
    if (err instanceof AppError) return err.reason;
    throw err;
  }
  return undefined;
}

describe('timeOffRange', () => {
  it('runs whole days from midnight to the midnight after the last, across a clock change', () => {
    // New York falls back on Sunday 2026-11-01: that day lasts 25 hours.
    const sunday = timeOffRange({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York', NOW);
    expect(sunday).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-11-02T05:00:00Z'),
      allDay: true,
    });
    expect(sunday.end.getTime() - sunday.start.getTime()).toBe(25 * HOUR);
  });

  it('takes hours as given, whatever offset they are written with', () => {
    expect(
      timeOffRange(
        { from: '2026-11-02T13:00:00-05:00', to: '2026-11-02T19:00:00Z' },
        'America/New_York',
        NOW,
      ),
    ).toEqual({
      start: new Date('2026-11-02T18:00:00Z'),
      end: new Date('2026-11-02T19:00:00Z'),
      allDay: false,
    });
  });

  it('allows today, earlier today too, and refuses yesterday', () => {
    expect(reasonOf({ from: '2026-10-30', to: '2026-10-30' })).toBeUndefined();
    expect(reasonOf({ from: '2026-10-30T08:00:00-04:00', to: '2026-10-30T10:00:00-04:00' })).toBeUndefined();
    expect(reasonOf({ from: '2026-10-29', to: '2026-10-30' })).toBe('time_off_in_past');
    expect(reasonOf({ from: '2026-10-29T23:59:00-04:00', to: '2026-10-30T10:00:00-04:00' })).toBe(
      'time_off_in_past',
    );
    // Today is the vendor's: Friday 17:00 in Madrid, but already Saturday on Kiritimati (UTC+14).
    expect(reasonOf({ from: '2026-10-30', to: '2026-10-30' }, 'Europe/Madrid')).toBeUndefined();
    expect(reasonOf({ from: '2026-10-30', to: '2026-10-30' }, 'Pacific/Kiritimati')).toBe('time_off_in_past');
  });

  it('counts whole days as dates: 92 across a clock change pass, 93 do not', () => {
    expect(reasonOf({ from: '2026-10-31', to: '2027-01-30' })).toBeUndefined();
    expect(reasonOf({ from: '2026-10-31', to: '2027-01-31' })).toBe('time_off_too_long');
    expect(reasonOf({ from: '2026-10-31T00:00:00-04:00', to: '2027-01-31T00:00:00-05:00' })).toBe(
      'time_off_too_long',
    );
  });

  it('refuses an end not after the start, and a start over a year ahead', () => {
    expect(reasonOf({ from: '2026-11-03', to: '2026-11-02' })).toBe('time_off_end_before_start');
    expect(reasonOf({ from: '2026-11-03T10:00:00Z', to: '2026-11-03T10:00:00Z' })).toBe(
      'time_off_end_before_start',
    );
    expect(reasonOf({ from: '2027-10-31', to: '2027-10-31' })).toBeUndefined();
    expect(reasonOf({ from: '2027-11-01', to: '2027-11-01' })).toBe('time_off_too_far');
  });
});
