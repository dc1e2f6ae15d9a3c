import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { type CountryCode, countries, countryCodes, defaultCountry } from './countries.ts';

/** What a phone field says when its number is not valid (product §5, the booking form's words). */
export const invalidPhoneMessage = 'Enter a valid phone number for the selected country.';

/**
 * Mexico's dialling reform (2019–2020) retired prefixes people still type from habit: 01 (long
 * distance), 044 and 045 (a mobile from a landline) and 1 (a mobile, also after +52).
 * libphonenumber-js keeps them as digits of the number, which is then invalid; they are dropped
 * when exactly today's 10-digit national number follows them.
 */
export function withoutRetiredMexicanPrefix(digits: string): string {
  return /^(?:044|045|01|1)(\d{10})$/.exec(digits)?.[1] ?? digits;
}

/** Digits with separators, and at most a leading +: a number as people type one. */
const typedNumber = /^\+?[\d\s().\-/]+$/;

/**
 * A phone as typed, in the given country (the picker's; default region MX, ARCHITECTURE §1), as
 * E.164 (`+525512345678`), or undefined when it is not a valid number. `+` or `00` starts an
 * international number; for Mexico the retired prefixes are dropped first (+52 1, 044, 045, 01, 1).
 * This is the one reading of a phone everywhere: forms, the API, and the repair of stored ones.
 */
export function toE164(input: string, country: CountryCode = defaultCountry.code): string | undefined {
  const text = input.trim();
  if (!typedNumber.test(text)) return valid(parsePhoneNumberFromString(text, country));
  let digits = text.replace(/\D/g, '');
  let international = text.startsWith('+');
  if (!international && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  if (international) {
    if (digits.startsWith('52')) digits = `52${withoutRetiredMexicanPrefix(digits.slice(2))}`;
    return valid(parsePhoneNumberFromString(`+${digits}`));
  }
  if (country === 'MX') {
    // "52 1 55 …": the country code typed, then the mobile 1.
    const national = /^521(\d{10})$/.exec(digits)?.[1] ?? withoutRetiredMexicanPrefix(digits);
    return valid(parsePhoneNumberFromString(national, 'MX'));
  }
  return valid(parsePhoneNumberFromString(digits, country));
}

function valid(parsed: ReturnType<typeof parsePhoneNumberFromString>): string | undefined {
  return parsed?.isValid() ? parsed.number : undefined;
}

/** A stored E.164 phone as people read one (`+52 55 1234 5678`); as stored when it will not parse. */
export function phoneForReading(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** Splits a stored E.164 phone into the picker's country and the national number, for editing. */
export function splitE164(phone: string | null | undefined): { country: CountryCode; national: string } {
  const parsed = phone ? parsePhoneNumberFromString(phone) : undefined;
  const code = parsed?.country;
  const country = countries.find((c) => c.code === code)?.code ?? defaultCountry.code;
  return { country, national: parsed ? String(parsed.nationalNumber) : '' };
}

/**
 * A phone as a form holds it, the picker's country and the number as typed, made E.164 (product §5);
 * an empty number is no phone ('').
 */
export const phoneAsTypedSchema = z
  .object({ country: z.enum(countryCodes), national: z.string() })
  .transform(({ country, national }, ctx) => {
    if (!national.trim()) return '';
    const phone = toE164(national, country);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: invalidPhoneMessage });
    return z.NEVER;
  });
