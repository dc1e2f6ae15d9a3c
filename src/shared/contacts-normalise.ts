import { toE164 } from './phone.ts';

// Contacts are compared and hashed in one normal form, so that "55 1234 5678",
// "+52 1 55 1234 5678" and "+525512345678" are the same person. Phones: E.164 with
// libphonenumber-js (through phone.ts), default region MX. Emails: trimmed and lower-cased.

/**
 * A phone from an address book as E.164, or undefined when it is not a valid number.
 * Mexico's dialling reform of 2019–2020 left old forms in every address book; they are folded into
 * today's 10-digit national number: +52 1 (mobile from abroad), 044/045 (mobile from a landline) and
 * 00 as the international prefix.
 */
export function normaliseContactPhone(input: string): string | undefined {
  const text = input.trim();
  if (!text || text.length > 40) return undefined;
  // Only digits, separators and one leading + (extensions and letters are not a phone to match).
  if (!/^\+?[\d\s().\-/]+$/.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  let international = text.startsWith('+');
  if (!international && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  if (international) {
    // +52 1 55 1234 5678: the mobile 1 is no longer dialled.
    if (/^521\d{10}$/.test(digits)) digits = `52${digits.slice(3)}`;
    return toE164(`+${digits}`);
  }
  // Without a +: 044/045 + 10 digits, 52 1 + 10 digits, 52 + 10 digits, or the national 10 digits.
  if (/^04[45]\d{10}$/.test(digits)) return toE164(digits.slice(3), 'MX');
  if (/^521\d{10}$/.test(digits)) return toE164(digits.slice(3), 'MX');
  if (/^52\d{10}$/.test(digits)) return toE164(digits.slice(2), 'MX');
  return toE164(digits, 'MX');
}

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email trimmed and lower-cased, or undefined when it does not look like one. */
export function normaliseContactEmail(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  if (email.length > 254 || !emailShape.test(email)) return undefined;
  return email;
}

/**
 * The forms in which an E.164 phone may sit in older rows: vendor phones typed before the
 * normalisation kept the Mexican mobile 1 (`+5215512345678`). Both are looked up.
 */
export function storedPhoneForms(e164: string): string[] {
  return /^\+52\d{10}$/.test(e164) ? [e164, `+521${e164.slice(3)}`] : [e164];
}

/** Distinct normalised phones and emails of a list of contacts; invalid values are dropped. */
export function normaliseContacts(
  contacts: readonly { phones?: readonly string[]; emails?: readonly string[] }[],
): {
  phones: string[];
  emails: string[];
} {
  const phones = new Set<string>();
  const emails = new Set<string>();
  for (const contact of contacts) {
    for (const phone of contact.phones ?? []) {
      const value = normaliseContactPhone(phone);
      if (value) phones.add(value);
    }
    for (const email of contact.emails ?? []) {
      const value = normaliseContactEmail(email);
      if (value) emails.add(value);
    }
  }
  return { phones: [...phones], emails: [...emails] };
}
