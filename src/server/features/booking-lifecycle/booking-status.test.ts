import { describe, expect, it } from 'vitest';
import {
  activeAppointmentStatuses,
  appointmentStatuses,
  type BookingOperation,
  canTransition,
  effectiveStatus,
  movesFrom,
  startsFrom,
  TRANSITIONS,
  terminalStatuses,
  vendorAnswerDeadline,
} from './booking-status.ts';

// ARCHITECTURE §4: the table of moves the lifecycle's operations make.

const NOW = new Date('2026-11-23T15:00:00Z');
const HOUR = 60 * 60_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const operations = Object.keys(TRANSITIONS) as BookingOperation[];

describe('TRANSITIONS', () => {
  it('moves between the database’s statuses only', () => {
    for (const operation of operations) {
      for (const status of startsFrom(operation)) expect(appointmentStatuses).toContain(status);
      for (const status of TRANSITIONS[operation].to) expect(appointmentStatuses).toContain(status);
    }
  });

  it('moves only from active statuses; nothing moves a declined, expired or cancelled booking', () => {
    for (const operation of operations)
      for (const status of startsFrom(operation)) expect(activeAppointmentStatuses).toContain(status);
    expect([...terminalStatuses].sort()).toEqual(['cancelled', 'declined', 'expired']);
  });

  it('lets the customer cancel or move any active booking; a confirmed or paid one also gets its outcome', () => {
    for (const status of activeAppointmentStatuses) {
      expect(canTransition('cancel', status, 'cancelled')).toBe(true);
      expect(canTransition('reschedule', status, status)).toBe(true);
    }
    expect(canTransition('reschedule', 'paid', 'awaiting_payment')).toBe(false);
    expect(canTransition('cancel', 'expired', 'cancelled')).toBe(false);
    const fromConfirmedOrPaid = operations.filter((op) =>
      startsFrom(op).some((s) => s === 'confirmed' || s === 'paid'),
    );
    expect(fromConfirmedOrPaid.sort()).toEqual([
      'accept_proposal',
      'cancel',
      'complete',
      'no_show',
      'propose',
      'reject_proposal',
      'reschedule',
    ]);
    // A proposal keeps the status, accepted or not (decision 096); a request is declined instead.
    for (const op of ['propose', 'accept_proposal', 'reject_proposal'] as const) {
      expect(canTransition(op, 'paid', 'paid')).toBe(true);
      expect(canTransition(op, 'pending_vendor', 'pending_vendor')).toBe(false);
      expect(canTransition(op, 'awaiting_payment', 'awaiting_payment')).toBe(false);
    }
    // Marking how it went keeps the status (the outcome is a column of its own, decision 094).
    for (const status of ['confirmed', 'paid'] as const)
      for (const op of ['complete', 'no_show'] as const) {
        expect(canTransition(op, status, status)).toBe(true);
        expect(canTransition(op, status, 'cancelled')).toBe(false);
      }
    expect(canTransition('complete', 'awaiting_payment', 'awaiting_payment')).toBe(false);
    expect(canTransition('no_show', 'pending_vendor', 'pending_vendor')).toBe(false);
  });

  it('names the status its update requires: the one read, for an operation that starts from several', () => {
    expect(() => movesFrom('cancel')).toThrow(/several/);
    expect(() => movesFrom('cancel', 'declined')).toThrow(/declined/);
    expect(() => movesFrom('pay')).not.toThrow();
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
