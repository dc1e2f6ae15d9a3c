import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { type CountryCode, countries, countryCodes, defaultCountry } from './countries.ts';

/**
 * A phone as typed (with or without +, spaces, a leading zero) in the given country, as E.164
 * (`+525512345678`), or undefined when it is not a valid number (ARCHITECTURE §1: default region MX).
 */
export function toE164(input: string, country: CountryCode = defaultCountry.code): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
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
    ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number for the selected country.' });
    return z.NEVER;
  });
