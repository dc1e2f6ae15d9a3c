import { and, eq, isNotNull } from 'drizzle-orm';
import { countries } from '../../shared/countries.ts';
import { toE164 } from '../../shared/phone.ts';
import type { Db } from './db.ts';
import { vendorProfiles } from './schema/vendors.ts';

/**
 * A vendor phone as stored before every phone was read by libphonenumber-js, as E.164, or
 * undefined when no number can be read from it. The old forms joined the dial code to the digits
 * typed, leading zeros dropped: `+52525523456789` ("52 55 2345 6789"), `+52445523456789`
 * ("044 55 …"), `+5215523456789` ("01 55 …" or the old mobile 1), `+114155550132` ("1 415 …").
 */
export function repairedPhone(stored: string): string | undefined {
  const read = toE164(stored);
  if (read) return read;
  for (const { code, dial } of countries) {
    if (!stored.startsWith(dial)) continue;
    const typed = stored.slice(dial.length);
    // 044 and 045 lost their zero to the old joiner; toE164 drops the rest of the old prefixes.
    const national = code === 'MX' ? typed.replace(/^4[45](\d{10})$/, '$1') : typed;
    const phone = toE164(national, code);
    if (phone) return phone;
  }
  return undefined;
}

/**
 * After the migrations at every start (libphonenumber cannot run in SQL): every stored vendor
 * phone becomes the E.164 toE164 gives. One that cannot be read moves to business_phone_unreadable,
 * listed for the admins (GET /api/admin/vendors/unreadable-phones), and no message goes to it. Each
 * row changes only if its phone is still the one read, so an edit made meanwhile wins.
 */
export async function repairStoredPhones(db: Db): Promise<{ repaired: number; unreadable: number }> {
  const rows = await db
    .select({ id: vendorProfiles.id, phone: vendorProfiles.businessPhone })
    .from(vendorProfiles)
    .where(isNotNull(vendorProfiles.businessPhone));
  let repaired = 0;
  let unreadable = 0;
  for (const { id, phone } of rows) {
    if (phone === null) continue;
    const e164 = repairedPhone(phone);
    if (e164 === phone) continue;
    await db
      .update(vendorProfiles)
      .set(e164 ? { businessPhone: e164 } : { businessPhone: null, businessPhoneUnreadable: phone })
      .where(and(eq(vendorProfiles.id, id), eq(vendorProfiles.businessPhone, phone)));
    if (e164) repaired++;
    else unreadable++;
  }
  return { repaired, unreadable };
}
