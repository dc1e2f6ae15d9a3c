import { describe, expect, it } from 'vitest';
import { utcToZonedWallTime, zonedWallTimeToUtc } from './admin.schemas.ts';

// decision 016: the admin types the vendor's wall-clock times; the server stores instants.
describe('zonedWallTimeToUtc / utcToZonedWallTime', () => {
  it('reads a wall time in the vendor’s zone', () => {
    expect(zonedWallTimeToUtc('2026-11-25', '06:00', 'America/Mexico_City').toISOString()).toBe(
      '2026-11-25T12:00:00.000Z',
    );
    expect(zonedWallTimeToUtc('2026-07-01', '09:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });

  it('moves a time in a spring-forward gap to the end of the gap', () => {
    // New York, 2026-03-08: 02:00 → 03:00 EDT, so 02:30 does not exist.
    expect(zonedWallTimeToUtc('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
  });

  it('round-trips', () => {
    const at = zonedWallTimeToUtc('2026-12-01', '17:45', 'America/Mexico_City');
    expect(utcToZonedWallTime(at, 'America/Mexico_City')).toEqual({ date: '2026-12-01', time: '17:45' });
  });
});
