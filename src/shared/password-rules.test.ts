import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordChecks,
  passwordStrength,
  strengthColor,
} from './password-rules.ts';

describe('password rules (product §5, decision 015)', () => {
  it('counts the five rules', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('Brillo#2026')).toBe(5);
    expect(passwordChecks('abcdefgh')).toEqual({
      length: true,
      uppercase: false,
      lowercase: true,
      digit: false,
      special: false,
    });
  });

  it('needs 8 characters and 4 of 5 rules', () => {
    expect(isStrongPassword('Brillo2026')).toBe(true); // no special character: 4 of 5
    expect(isStrongPassword('brillo#2026')).toBe(true); // no uppercase
    expect(isStrongPassword('B#2026a')).toBe(false); // 7 characters
    expect(isStrongPassword('brillo2026')).toBe(false); // 3 of 5
  });

  it('takes exactly the 32 ASCII punctuation characters as special', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toHaveLength(32);
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(passwordChecks(c).special, c).toBe(true);
    for (const c of [' ', 'ñ', '¿', '€', 'é']) expect(passwordChecks(c).special, c).toBe(false);
  });

  it('colours the bar green ≥ 4, yellow 3, orange 2, red below', () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthColor)).toEqual([
      'red',
      'red',
      'orange',
      'yellow',
      'green',
      'green',
    ]);
  });
});
