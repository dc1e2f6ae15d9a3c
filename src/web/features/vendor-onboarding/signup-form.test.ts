import { describe, expect, it } from 'vitest';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import { copyWeek } from './components/weekly-availability-editor.tsx';
import {
  fieldErrorsOf,
  initialSignupState,
  type SignupFormState,
  signupFormSchema,
  stepOfIssue,
  toSignupRequest,
  validateSignup,
} from './signup-form.ts';

const complete = (): SignupFormState => ({
  ...initialSignupState(),
  business_name: 'Brillo',
  business_phone: '55 1234 5678',
  business_email: 'brillo@example.test',
  password: 'Brillo#2026',
  category: 'cleaning',
  service_areas: ['Roma Norte'],
  address: 'Colima 1',
  services: [{ name: 'Limpieza profunda', price: '450.50', duration: '180', location: 'customer' }],
});

/** The messages under the fields of one step, as Next shows them (decision 076). */
function errorsOnStep(state: SignupFormState, step: 1 | 2 | 3 | 4) {
  const result = signupFormSchema('new').safeParse(state);
  return result.success ? {} : fieldErrorsOf(result.error.issues.filter((i) => stepOfIssue(i) === step));
}

describe('the wizard at submit (by step, first failing step wins)', () => {
  it('passes a complete form and stores the category as its key in either language (decision 050)', () => {
    expect(validateSignup(complete(), 'new')).toBeUndefined();
    expect(toSignupRequest(complete(), 'new').service_category).toBe('cleaning');
    expect(toSignupRequest(complete(), 'new').lead_time_minutes).toBe(120);
    // Pesos as typed, centavos to the API; '' for the category's place is null.
    expect(toSignupRequest(complete(), 'new').services).toEqual([
      { name: 'Limpieza profunda', price_cents: 45_050, duration_minutes: 180, location: 'customer' },
    ]);
    const free = { name: 'Diagnóstico', price: '0', duration: '30', location: '' } as const;
    expect(toSignupRequest({ ...complete(), services: [free] }, 'new').services[0]).toMatchObject({
      price_cents: 0,
      location: null,
    });
  });

  it.each([
    [{ business_name: '' }, { step: 1, issue: 'required' }],
    [{ password: 'weakpass' }, { step: 1, issue: 'weakPassword' }],
    [{ category: null }, { step: 2, issue: 'categoryRequired' }],
    [{ service_areas: [] }, { step: 2, issue: 'areasRequired' }],
    [{ address: '' }, { step: 2, issue: 'required' }],
    [{ experience_years: '101' }, { step: 2, issue: 'experienceRange' }],
    [{ services: [] }, { step: 3, issue: 'servicesRequired' }],
    [
      { services: [{ name: 'Corte', price: '5', duration: '30', location: '' }] },
      { step: 3, issue: 'serviceInvalid' },
    ],
    [{ buffer_minutes: '121' }, { step: 4, issue: 'outOfRange' }],
    [{ lead_time_hours: '25' }, { step: 4, issue: 'outOfRange' }],
  ] as const)('%o → %o', (patch, expected) => {
    expect(validateSignup({ ...complete(), ...patch } as SignupFormState, 'new')).toEqual(expected);
  });

  it('needs no password after Google', () => {
    expect(validateSignup({ ...complete(), password: '' }, 'none')).toBeUndefined();
    expect(toSignupRequest(complete(), 'none')).not.toHaveProperty('password');
  });

  it('holds a signed-in password account to the rule: its current password and a strong one', () => {
    const current = { ...complete(), current_password: 'weakpass1' };
    expect(validateSignup({ ...current, password: 'weakpass1' }, 'change')).toEqual({
      step: 1,
      issue: 'weakPassword',
    });
    expect(validateSignup({ ...complete(), current_password: '' }, 'change')).toEqual({
      step: 1,
      issue: 'required',
    });
    expect(validateSignup(current, 'change')).toBeUndefined();
    expect(toSignupRequest(current, 'change')).toMatchObject({
      current_password: 'weakpass1',
      password: complete().password,
    });
  });
});

describe('the messages under the fields of a step (decision 076: Next checks its own step)', () => {
  it('names each failed field of the step, and none of another step', () => {
    const state = {
      ...complete(),
      business_name: '',
      business_phone: '12',
      experience_years: '101',
      services: [
        { name: 'Corte', price: '150', duration: '45', location: '' },
        { name: ' ', price: '5', duration: '', location: '' },
      ],
      buffer_minutes: '121',
    } as SignupFormState;
    expect(errorsOnStep(state, 1)).toEqual({ business_name: 'required', business_phone: 'invalidPhone' });
    expect(errorsOnStep(state, 2)).toEqual({ experience_years: 'experienceRange' });
    expect(errorsOnStep(state, 3)).toEqual({
      'services.1.name': 'serviceName',
      'services.1.price': 'servicePrice',
      'services.1.duration': 'serviceDuration',
    });
    expect(errorsOnStep(state, 4)).toEqual({ buffer_minutes: 'bufferRange' });
  });

  it('says a missing category, no area and a slot that ends before it starts by their fields', () => {
    const week = defaultWeeklyAvailability();
    week.monday.slots = [{ start: '12:00', end: '09:00' }];
    const state = { ...complete(), category: null, service_areas: [], availability: week };
    expect(errorsOnStep(state, 2)).toEqual({ category: 'categoryRequired', service_areas: 'areasRequired' });
    expect(errorsOnStep(state, 4)).toEqual({ availability: 'slotOrder' });
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
