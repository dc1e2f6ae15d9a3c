import { toE164 } from '../../../shared/phone.ts';

// Mexico's mobile numbers reach WhatsApp in two forms: `52` + 10 digits (the numbering plan since
// 2019) and the older `521` + 10 digits that WhatsApp ids still carry (ARCHITECTURE §9). We store and
// compare the `+52` form and match a vendor's business_phone in either.

const MX_OLD_MOBILE = /^\+?521(\d{10})$/;
const MX = /^\+?52(\d{10})$/;

/** A WhatsApp id or any typed phone → E.164 in the `+52` form for Mexico; undefined if not a phone. */
export function normalizeWhatsAppPhone(input: string): string | undefined {
  const digits = input.replace(/[^\d+]/g, '');
  const old = MX_OLD_MOBILE.exec(digits);
  if (old) return `+52${old[1]}`;
  // A WhatsApp id has no `+`; the `+` makes libphonenumber read its country code.
  const withPlus = digits.startsWith('+') ? digits : /^\d{11,15}$/.test(digits) ? `+${digits}` : digits;
  return toE164(withPlus) ?? toE164(input);
}

/** Every stored form of one phone: for Mexico both `+52…` and `+521…`. */
export function phoneVariants(e164: string): string[] {
  const ten = MX_OLD_MOBILE.exec(e164)?.[1] ?? MX.exec(e164)?.[1];
  return ten ? [`+52${ten}`, `+521${ten}`] : [e164];
}
