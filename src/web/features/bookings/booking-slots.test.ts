import { describe, expect, it, vi } from 'vitest';
import { demoSlots, groupSlotsByDay } from './booking-slots.ts';

describe('booking form helpers', () => {
  it('makes the spec’s demo slots: the next 7 weekdays at 09–11 and 14–17 h local', () => {
    // Friday 2026-11-20 12:00 in Mexico City (UTC−6).
    const slots = demoSlots(new Date('2026-11-20T18:00:00Z'), 'America/Mexico_City');
    expect(slots).toHaveLength(49);
    expect(slots.slice(0, 7)).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T17:00:00.000Z',
      '2026-11-23T20:00:00.000Z',
      '2026-11-23T21:00:00.000Z',
      '2026-11-23T22:00:00.000Z',
      '2026-11-23T23:00:00.000Z',
    ]);
    // Monday … Friday, then Monday and Tuesday: no weekend.
    const days = groupSlotsByDay(slots, 'America/Mexico_City', 'en-US').map((d) => d.key);
    expect(days).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
  });

  it('groups by the vendor’s local day, not the reader’s', () => {
    // 23:30 on Monday in Mexico City is already Tuesday in UTC.
    const days = groupSlotsByDay(
      ['2026-11-23T15:00:00.000Z', '2026-11-24T05:30:00.000Z'],
      'America/Mexico_City',
      'en-US',
    );
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ key: '2026-11-23', label: 'Mon, Nov 23' });
    expect(days[0]!.slots.map((s) => s.label)).toEqual(['9:00 AM', '11:30 PM']);
  });

  it('makes no date format before there are slots, and each zone and language’s formats once', () => {
    // The first Intl.DateTimeFormat of a page is a long task on a phone (decision 027): a profile
    // draws the form with no service chosen, and must not pay for it then.
    const Original = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      this: unknown,
      ...args: ConstructorParameters<typeof Original>
    ) {
      return new Original(...args);
    } as unknown as typeof Original);
    try {
      expect(groupSlotsByDay([], 'America/Bogota', 'es-MX')).toEqual([]);
      expect(made).not.toHaveBeenCalled();
      groupSlotsByDay(['2026-11-23T15:00:00.000Z'], 'America/Bogota', 'es-MX');
      const first = made.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      groupSlotsByDay(['2026-11-24T15:00:00.000Z'], 'America/Bogota', 'es-MX');
      expect(made.mock.calls.length).toBe(first);
    } finally {
      made.mockRestore();
    }
  });
});
