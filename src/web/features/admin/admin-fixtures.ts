import type { AdminVendor } from '../../../shared/admin.schemas.ts';

// Test data for the admin dashboard's tests (not imported by the app).

/**
 * A vendor as GET /api/admin/vendors lists it: one an admin created and nobody claimed, in Mexico
 * City, with the fields a test is about given.
 */
export function adminVendor(
  fields: Pick<AdminVendor, 'id' | 'slug' | 'business_name' | 'service_category'> & Partial<AdminVendor>,
): AdminVendor {
  return {
    business_email: null,
    business_phone: null,
    business_phone_unreadable: null,
    bio: null,
    address: null,
    application_status: 'approved',
    is_verified: false,
    pricing_type: null,
    admin_created: true,
    is_claimed: false,
    claimed_at: null,
    claim_approved_at: null,
    timezone: 'America/Mexico_City',
    created_at: '2026-11-22T18:00:00.000Z',
    ...fields,
  };
}
