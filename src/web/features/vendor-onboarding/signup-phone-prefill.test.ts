import { describe, expect, it } from 'vitest';
import { initialSignupState, withPhonePrefill } from './signup-form.ts';

// ARCHITECTURE §9: the WhatsApp REGISTER reply links to /vendor-signup?phone=… with the number prefilled.
describe('withPhonePrefill', () => {
  it('fills step 1’s phone and its country from an E.164 number', () => {
    expect(withPhonePrefill(initialSignupState(), '+525599990001')).toMatchObject({
      business_phone: '5599990001',
      business_phone_country: 'MX',
    });
    expect(withPhonePrefill(initialSignupState(), '+14155550123')).toMatchObject({
      business_phone: '4155550123',
      business_phone_country: 'US',
    });
  });

  it('ignores a missing or invalid phone', () => {
    const state = initialSignupState();
    expect(withPhonePrefill(state, null)).toBe(state);
    expect(withPhonePrefill(state, 'not-a-phone')).toBe(state);
  });
});
