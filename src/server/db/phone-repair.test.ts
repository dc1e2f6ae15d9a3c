import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPage, AdminUnreadablePhone, AdminVendor } from '../../shared/admin.schemas.ts';
import { insertVendor } from '../test/factories.ts';
import type { HttpClient } from '../test/http-client.ts';
import { useSeededApp } from '../test/seeded-app.ts';
import { testEngine } from '../test/test-db.ts';
import { repairedPhone } from './phone-repair.ts';
import { vendorProfiles } from './schema/vendors.ts';

// Vendor phones stored by the old forms (the dial code joined to the digits typed, leading zeros
// dropped) are read again after migrate; those no number can be read from are shown to the admins.

describe('repairedPhone', () => {
  it.each([
    ['+52525523456789', '+525523456789'], // "52 55 2345 6789"
    ['+52445523456789', '+525523456789'], // "044 55 2345 6789"
    ['+52453312345678', '+523312345678'], // "045 33 1234 5678"
    ['+5215523456789', '+525523456789'], // "01 55 …" or the old mobile 1
    ['+525215523456789', '+525523456789'], // "52 1 55 …"
    ['+114155550132', '+14155550132'], // "1 415 555 0132" with the US picked
    ['+525523456789', '+525523456789'],
    ['+442079460958', '+442079460958'],
  ])('reads %s as %s', (stored, e164) => {
    expect(repairedPhone(stored)).toBe(e164);
  });

  it.each(['+521234', '+52123', '+5255', 'llámame'])('reads no number from %j', (stored) => {
    expect(repairedPhone(stored)).toBeUndefined();
  });
});

describe(`stored vendor phones repaired after migrate (${testEngine})`, () => {
  const APP_URL = 'http://barrio.test';
  const world = useSeededApp({ vendors: 3, env: { APP_URL, RATE_LIMITS: 'off' } });
  let admin: HttpClient;

  beforeAll(async () => {
    admin = await world.signedIn('admin');
  });

  async function phonesOf(id: string) {
    const [row] = await world.db
      .select({ phone: vendorProfiles.businessPhone, unreadable: vendorProfiles.businessPhoneUnreadable })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, id));
    return row;
  }

  it('stores E.164 where a number can be read, and lists the others for the admin until fixed', async () => {
    const joined = await insertVendor(world.db, { businessPhone: '+52525523456789' });
    const mobile = await insertVendor(world.db, { businessPhone: '+52445523456789' });
    const short = await insertVendor(world.db, {
      businessName: 'Plomería Cuatro Dígitos',
      businessPhone: '+521234',
    });

    await world.database.migrate();

    expect(await phonesOf(joined.id)).toEqual({ phone: '+525523456789', unreadable: null });
    expect(await phonesOf(mobile.id)).toEqual({ phone: '+525523456789', unreadable: null });
    // Not kept as it was: no message goes to it, and the admins see it.
    expect(await phonesOf(short.id)).toEqual({ phone: null, unreadable: '+521234' });
    const listed = await admin.get('/api/admin/vendors/unreadable-phones');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { items: AdminUnreadablePhone[] }).items).toEqual([
      {
        id: short.id,
        business_name: 'Plomería Cuatro Dígitos',
        business_email: short.businessEmail,
        stored_phone: '+521234',
      },
    ]);
    const page = (await (
      await admin.get(`/api/admin/vendors?q=${encodeURIComponent('Cuatro Dígitos')}`)
    ).json()) as AdminPage<AdminVendor>;
    expect(page.items[0]).toMatchObject({ business_phone: null, business_phone_unreadable: '+521234' });

    // A second start changes nothing.
    await world.database.migrate();
    expect(await phonesOf(short.id)).toEqual({ phone: null, unreadable: '+521234' });

    const fixed = await admin.request(`/api/admin/vendors/${short.id}`, {
      method: 'PATCH',
      json: { business_phone: '+525598761234' },
    });
    expect(fixed.status).toBe(200);
    expect(await phonesOf(short.id)).toEqual({ phone: '+525598761234', unreadable: null });
    const after = (await (await admin.get('/api/admin/vendors/unreadable-phones')).json()) as {
      items: unknown[];
    };
    expect(after.items).toEqual([]);
  });

  it('is for admins only', async () => {
    const anonymous = world.client();
    expect((await anonymous.get('/api/admin/vendors/unreadable-phones')).status).toBe(401);
  });
});
