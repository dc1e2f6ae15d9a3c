import { describe, expect, it } from 'vitest';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import { copyWeek } from './components/weekly-availability-editor.tsx';
import { initialSignupState, type SignupFormState, toSignupRequest, validateSignup } from './signup-form.ts';

const complete = (): SignupFormState => ({
  ...initialSignupState(),
  business_name: 'Brillo',
  business_phone: '55 1234 5678',
  business_email: 'brillo@example.test',
  password: 'Brillo#2026',
  category: 'cleaning',
  service_areas: ['Roma Norte'],
  address: 'Colima 1',
});

describe('the wizard at submit (product §5: by step, first failing step wins)', () => {
  it('passes a complete form and stores the category as its key in either language (decision 050)', () => {
    expect(validateSignup(complete(), false)).toBeUndefined();
    expect(toSignupRequest(complete(), false).service_category).toBe('cleaning');
    expect(toSignupRequest(complete(), false).lead_time_minutes).toBe(120);
  });

  it.each([
    [{ business_name: '' }, { step: 1, issue: 'required' }],
    [{ password: 'weakpass' }, { step: 1, issue: 'weakPassword' }],
    [{ category: null }, { step: 2, issue: 'categoryRequired' }],
    [{ service_areas: [] }, { step: 2, issue: 'areasRequired' }],
    [{ address: '' }, { step: 2, issue: 'required' }],
    [{ buffer_minutes: '121' }, { step: 3, issue: 'outOfRange' }],
    [{ lead_time_hours: '25' }, { step: 3, issue: 'outOfRange' }],
  ] as const)('%o → %o', (patch, expected) => {
    expect(validateSignup({ ...complete(), ...patch } as SignupFormState, false)).toEqual(expected);
  });

  it('needs no password after Google', () => {
    expect(validateSignup({ ...complete(), password: '' }, true)).toBeUndefined();
  });
});

describe('Copy week (product §4)', () => {
  it('copies a weekday to weekdays only and a weekend day to every day, enabling them', () => {
    const week = defaultWeeklyAvailability();
    week.monday.slots = [{ start: '08:00', end: '12:00' }];
    const fromMonday = copyWeek(week, 'monday');
    expect(fromMonday.friday).toEqual({ enabled: true, slots: [{ start: '08:00', end: '12:00' }] });
    expect(fromMonday.saturday).toEqual(week.saturday);
    const fromSunday = copyWeek(week, 'sunday');
    expect(fromSunday.monday).toEqual({ enabled: true, slots: [{ start: '10:00', end: '14:00' }] });
    expect(fromSunday.saturday.enabled).toBe(true);
  });
});
