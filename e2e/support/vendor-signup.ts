import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { freshEmail, logInAsVendor } from './auth.ts';
import { approveVendor } from './review.ts';

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

/** The vendor a journey of its own starts from: who it is, and its one service. */
export interface OwnVendor {
  business_name: string;
  business_phone: string;
  /** A word for its fresh email address (`freshEmail`). */
  emailKey: string;
  password: string;
  service: { name: string; price_cents: number; duration_minutes: number };
}

/**
 * A vendor of the journey's own: signed up (a cleaning business in Roma Norte, the wizard's week),
 * approved by the demo admin, signed in on `page` (its dashboard open), with one service added.
 */
export async function ownVendorSignedIn(
  page: Page,
  { browser, baseURL }: { browser: Browser; baseURL: string },
  vendor: OwnVendor,
) {
  const email = freshEmail(vendor.emailKey);
  const { slug, vendorProfileId } = await signUpVendor(page.request, baseURL, {
    business_name: vendor.business_name,
    business_phone: vendor.business_phone,
    business_email: email,
    password: vendor.password,
    service_category: 'Limpieza del Hogar',
    service_areas: ['Roma Norte'],
    languages: ['Spanish'],
    address: 'Calle Colima 181',
  });
  await approveVendor(browser, baseURL, vendorProfileId);
  await logInAsVendor(page, email, vendor.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  const added = await page.request.post('/api/vendor/services', {
    headers: { origin: baseURL },
    data: { description: null, ...vendor.service },
  });
  expect(added.status()).toBe(201);
  const { id: serviceId } = (await added.json()) as { id: string };
  return { slug, vendorProfileId, serviceId, email };
}
