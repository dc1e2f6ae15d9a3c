import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability } from '../../../../shared/weekly-availability.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { CancellationPolicySection } from './cancellation-policy-section.tsx';

// The dashboard's cancellation policy (decision 095): three presets with what each means, saved by
// a PATCH that names the policy and nothing else. The API is stubbed at fetch.

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
  cancellation_policy: 'flexible',
  instant_booking: false,
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
let fail: boolean;

setUpComponentTests(['vendor']);

beforeEach(() => {
  patches = [];
  fail = false;
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/vendor/profile' && init?.method === 'PATCH') {
      if (fail) return Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 });
      const body = JSON.parse(String(init.body)) as Partial<VendorAccountProfile>;
      patches.push(body);
      return Response.json({ ...profile, ...body });
    }
    return Response.json(null);
  });
});

describe('CancellationPolicySection', () => {
  it('offers the three presets with their meaning, and saves only the one chosen', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<CancellationPolicySection profile={profile} />);
    const flexible = screen.getByRole('radio', { name: /^Flexible/ }) as HTMLInputElement;
    const moderate = screen.getByRole('radio', { name: /^Moderate/ }) as HTMLInputElement;
    expect(flexible.checked).toBe(true);
    expect(screen.getByRole('radio', { name: /^Strict/ })).toBeTruthy();
    expect(
      screen.getByText(
        'Customers get everything back until 48 hours before and half until 24 hours before. Later they can still cancel and get nothing back; you keep the payment, less the commission.',
      ),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save policy' }) as HTMLButtonElement;
    // Nothing to save until another preset is chosen.
    expect(save.disabled).toBe(true);
    fireEvent.click(moderate);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Cancellation policy saved.')).toBeTruthy();
    expect(patches).toEqual([{ cancellation_policy: 'moderate' }]);
  });

  it('says so when it cannot save, in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    fail = true;
    renderWithProviders(<CancellationPolicySection profile={profile} />);
    expect(screen.getByRole('heading', { name: 'Política de cancelación' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^Estricta/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar política' }));
    await waitFor(() => expect(screen.getByText('No pudimos guardar la política.')).toBeTruthy());
    expect(patches).toEqual([]);
  });
});
