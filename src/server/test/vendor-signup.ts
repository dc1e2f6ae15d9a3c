import { expect } from 'vitest';
import { defaultWeeklyAvailability } from '../../shared/weekly-availability.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/messaging.ts';
import { insertService } from './factories.ts';
import type { HttpClient } from './http-client.ts';

/** What tells one wizard signup from another: who the business is and how its owner signs in. */
export interface WizardVendor {
  business_name: string;
  business_phone: string;
  business_email: string;
  password: string;
  bio: string;
  service_category: string;
}

/**
 * A vendor who signed up through the wizard (`POST /api/vendor/signup`, so submitted), with one active
 * 60-minute service, signed in on a browser of its own. With `approvedBy` (an admin's browser) the
 * vendor is approved first. The outbox is emptied last: the signup's and the approval's messages are
 * not what the test is about.
 */
export async function signUpThroughWizard(
  db: Db,
  browser: () => HttpClient,
  vendor: WizardVendor,
  { approvedBy }: { approvedBy?: HttpClient } = {},
) {
  const body = {
    ...vendor,
    business_phone_country: 'MX',
    experience_years: 3,
    service_areas: ['Roma Norte'],
    languages: ['Spanish'],
    address: 'Calle Colima 1, Roma Norte',
    buffer_minutes: 0,
    advance_booking_days: 30,
    lead_time_minutes: 60,
    availability: defaultWeeklyAvailability(),
  };
  const res = await browser().post('/api/vendor/signup', body);
  expect(res.status, await res.clone().text()).toBe(201);
  const { vendorProfileId: id, slug } = (await res.json()) as { vendorProfileId: string; slug: string };
  const service = await insertService(db, id, { durationMinutes: 60 });
  if (approvedBy)
    expect((await approvedBy.post(`/api/admin/vendors/${id}/review`, { decision: 'approve' })).status).toBe(
      200,
    );
  const owner = browser();
  await owner.signIn(vendor.business_email, vendor.password);
  await db.delete(outbox);
  return { id, slug, email: vendor.business_email, name: vendor.business_name, service, owner };
}
