import { describe, expect, it } from 'vitest';
import {
  activeAppointmentStatuses,
  appointmentStatuses,
  canTransition,
  effectiveStatus,
  TRANSITIONS,
  terminalStatuses,
  vendorAnswerDeadline,
} from './booking-status.ts';

// ARCHITECTURE §4: the table of moves the lifecycle's operations make.

const NOW = new Date('2026-11-23T15:00:00Z');
const HOUR = 60 * 60_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe('TRANSITIONS', () => {
  it('moves between the database’s statuses only', () => {
    for (const { from, to } of Object.values(TRANSITIONS)) {
      if (from !== null) expect(appointmentStatuses).toContain(from);
      for (const status of to) expect(appointmentStatuses).toContain(status);
    }
  });

  it('moves only from active statuses; nothing moves a confirmed, paid, declined, expired or cancelled booking', () => {
    for (const { from } of Object.values(TRANSITIONS))
      if (from !== null) expect(activeAppointmentStatuses).toContain(from);
    expect([...terminalStatuses].sort()).toEqual(['cancelled', 'confirmed', 'declined', 'expired', 'paid']);
  });

  it('answers which operation may make which move', () => {
    expect(canTransition('request', null, 'pending_vendor')).toBe(true);
    expect(canTransition('confirm', 'pending_vendor', 'awaiting_payment')).toBe(true);
    expect(canTransition('confirm', 'pending_vendor', 'confirmed')).toBe(true);
    expect(canTransition('decline', 'pending_vendor', 'declined')).toBe(true);
    expect(canTransition('expire', 'pending_vendor', 'expired')).toBe(true);
    expect(canTransition('pay', 'awaiting_payment', 'paid')).toBe(true);
    expect(canTransition('cancel_unpaid', 'awaiting_payment', 'cancelled')).toBe(true);
    expect(canTransition('confirm', 'declined', 'awaiting_payment')).toBe(false);
    expect(canTransition('pay', 'cancelled', 'paid')).toBe(false);
    expect(canTransition('decline', 'awaiting_payment', 'declined')).toBe(false);
  });
});

describe('vendorAnswerDeadline', () => {
  it('is the earlier of the start and 24 hours after the request', () => {
    expect(vendorAnswerDeadline(NOW, at(48))).toEqual(at(24));
    expect(vendorAnswerDeadline(NOW, at(3))).toEqual(at(3));
  });
});

describe('effectiveStatus', () => {
  const row = { startTz: at(48), createdAt: NOW, paymentDueAt: null };

  it('reads an overdue request as expired and an unpaid overdue booking as cancelled', () => {
    expect(effectiveStatus({ ...row, status: 'pending_vendor' }, at(23))).toBe('pending_vendor');
    expect(effectiveStatus({ ...row, status: 'pending_vendor' }, at(24))).toBe('expired');
    const unpaid = { ...row, status: 'awaiting_payment' as const, paymentDueAt: at(10) };
    expect(effectiveStatus(unpaid, at(9))).toBe('awaiting_payment');
    expect(effectiveStatus(unpaid, at(10))).toBe('cancelled');
  });

  it('reads what the sweeper makes it: the moves of expire and cancel_unpaid', () => {
    expect(
      canTransition(
        'expire',
        'pending_vendor',
        effectiveStatus({ ...row, status: 'pending_vendor' }, at(30)),
      ),
    ).toBe(true);
    expect(
      canTransition(
        'cancel_unpaid',
        'awaiting_payment',
        effectiveStatus({ ...row, status: 'awaiting_payment', paymentDueAt: at(1) }, at(2)),
      ),
    ).toBe(true);
  });

  it('leaves every other status as stored', () => {
    for (const status of ['confirmed', 'paid', 'declined', 'expired', 'cancelled'] as const)
      expect(effectiveStatus({ ...row, status, paymentDueAt: at(-100) }, at(100))).toBe(status);
  });
});
