import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability } from '../../../../shared/weekly-availability.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { InstantBookingSetting } from './instant-booking-setting.tsx';

// The dashboard's instant booking switch (decision 097): one tap sends a patch naming that field
// alone, and the switch shows what the server answered. The API is stubbed at fetch.

const profile: VendorAccountProfile = {
  id: 'v1',
  slug: 'brillo',
  business_name: 'Brillo',
  service_category: 'cleaning',
  bio: null,
  address: 'Calle Colima 1',
  experience_years: null,
  business_phone: '+525523456789',
  business_email: 'brillo@example.test',
  service_areas: ['Roma Norte'],
  languages: [],
  buffer_minutes: 15,
  advance_booking_days: 14,
  lead_time_minutes: 120,
  availability: defaultWeeklyAvailability(),
  instant_booking: false,
  cancellation_policy: 'flexible',
  application_status: 'approved',
  review_message: null,
  reviewed_at: null,
  is_verified: false,
  onboarding_completed: true,
  admin_created: false,
  is_claimed: true,
  timezone: 'America/Mexico_City',
  created_at: '2026-11-22T18:00:00.000Z',
  pending_change: null,
  rejected_change: null,
};
let patches: unknown[];
let fails: boolean;

setUpComponentTests(['vendor']);

beforeEach(() => {
  patches = [];
  fails = false;
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/vendor/profile' && init?.method === 'PATCH') {
      const patch = JSON.parse(String(init.body)) as Partial<VendorAccountProfile>;
      patches.push(patch);
      if (fails) return Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      return Response.json({ ...profile, ...patch });
    }
    return Response.json(null);
  });
});

describe('InstantBookingSetting', () => {
  it('turns instant booking on with a patch of that field alone, and says so', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<InstantBookingSetting profile={profile} />);
    const toggle = screen.getByRole('switch', { name: 'Instant booking' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(patches).toEqual([{ instant_booking: true }]));
    expect(await screen.findByText('Instant booking is on')).toBeTruthy();
  });

  it('speaks Spanish, turns it off, and keeps the saved state when saving fails', async () => {
    await i18n.changeLanguage('es-MX');
    renderWithProviders(<InstantBookingSetting profile={{ ...profile, instant_booking: true }} />);
    const toggle = screen.getByRole('switch', { name: 'Reserva inmediata' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fails = true;
    fireEvent.click(toggle);
    expect(await screen.findByText('No se pudieron guardar los cambios.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(patches).toEqual([{ instant_booking: false }]);
  });
});
