import { expect } from 'vitest';
import type { VendorEarnings } from '../../../shared/payout.schemas.ts';
import { grantAdminByEmail } from '../../auth/roles.service.ts';
import type { BookingScenario } from '../../test/booking-scenario.ts';
import { insertVendor } from '../../test/factories.ts';

// The payouts tests' people over a booking scenario: an admin signed in, vendors of their own (so
// balances never mix), and bookings paid by customers of their own (one customer never holds two
// bookings at one time).

export async function payoutPeople(world: BookingScenario, name: string) {
  let n = 0;
  const admin = world.http();
  const signUp = await admin.post('/api/auth/sign-up/email', {
    name: 'Admin Barrio',
    email: `admin.${name}@example.test`,
    password: 'Admin#Barrio2026',
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  expect(await grantAdminByEmail(world.db, `admin.${name}@example.test`)).toBe(true);

  /** A vendor account of its own, signed in, with its earnings and payout-account calls. */
  async function signedInVendor() {
    const browser = world.http();
    const vendorSignUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `vendor.${name}.${++n}@example.test`,
      password: 'Proveedora#2026',
    });
    const { user } = (await vendorSignUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, { userId: user.id });
    const api = world.api(browser).vendor;
    return {
      vendor,
      browser,
      async earnings() {
        const res = await api.earnings.$get();
        expect(res.status, await res.clone().text()).toBe(200);
        return (await res.json()) as VendorEarnings;
      },
      saveAccount: (json: { clabe: string; holder_name: string }) => api['payout-account'].$put({ json }),
      connectStripe: () => api['payout-account'].stripe.$post(),
    };
  }

  const paid = (options: Parameters<BookingScenario['paid']>[0] & { startTime: string }) =>
    world.paid({ customerEmail: `customer.${name}.${++n}@example.test`, ...options });

  return { admin, adminApi: () => world.api(admin).admin, signedInVendor, paid };
}
