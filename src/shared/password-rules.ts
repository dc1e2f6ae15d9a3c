// product §5: a password needs at least 8 characters and at least 4 of 5 rules. The spec does not show
// the special-character set; Barrio fixes it here (docs/decisions/015-vendor-onboarding.md):
// the 32 printable ASCII punctuation characters, i.e. every character of
//   ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~
// Letters with accents and spaces count for none of the rules.
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
export const PASSWORD_MIN_LENGTH = 8;
/** At least this many of the five rules must hold (product §5). */
export const PASSWORD_MIN_RULES = 4;

export const passwordRules = ['length', 'uppercase', 'lowercase', 'digit', 'special'] as const;
export type PasswordRule = (typeof passwordRules)[number];

/** Which of the five rules the password meets (the wizard's live checklist). */
export function passwordChecks(password: string): Record<PasswordRule, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  };
}

/** The strength bar: how many rules hold, 0 to 5 (product §9). */
export function passwordStrength(password: string): number {
  return Object.values(passwordChecks(password)).filter(Boolean).length;
}

/** product §5: ≥ 8 characters and ≥ 4 of the 5 rules. */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && passwordStrength(password) >= PASSWORD_MIN_RULES;
}

/** product §9: green at 4 or more, yellow at 3, orange at 2, red below. */
export function strengthColor(strength: number): 'green' | 'yellow' | 'orange' | 'red' {
  if (strength >= 4) return 'green';
  if (strength === 3) return 'yellow';
  if (strength === 2) return 'orange';
  return 'red';
}
