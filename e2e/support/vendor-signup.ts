import { type APIRequestContext, expect } from '@playwright/test';

// A vendor signed up through the API, as the wizard's last step sends it: journeys that start from
// a vendor of their own, not from the wizard (e2e/vendor-signup.spec.ts walks that).

const weekday = { enabled: true, slots: [{ start: '09:00', end: '17:00' }] };
// Off, with the hours the wizard proposes when a day is switched on.
const dayOff = { enabled: false, slots: [{ start: '10:00', end: '14:00' }] };

/** The wizard's default week: Monday to Friday 9:00–17:00, the weekend off. */
export const weekdaysNineToFive = {
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday: dayOff,
  sunday: dayOff,
};

/** What the signup takes, but the week (`weekdaysNineToFive`). */
export interface VendorSignup {
  business_name: string;
  business_phone: string;
  business_email: string;
  password: string;
  service_category: string;
  service_areas: string[];
  languages?: string[];
  address: string;
}

/** Signs a vendor up (POST /api/vendor/signup, answered 201); its slug and profile id. */
export async function signUpVendor(request: APIRequestContext, baseURL: string, vendor: VendorSignup) {
  const response = await request.post('/api/vendor/signup', {
    headers: { origin: baseURL },
    data: { ...vendor, availability: weekdaysNineToFive },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { slug: string; vendorProfileId: string };
}
