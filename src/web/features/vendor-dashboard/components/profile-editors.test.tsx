import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { defaultWeeklyAvailability } from '../../../../shared/weekly-availability.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { ProfileEditor } from './profile-editors.tsx';

// Edit Profile reads the WhatsApp phone as the server does (libphonenumber-js, the picker's country):
// a number that is not one is said under the field and nothing is sent. The API is stubbed at fetch.

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

setUpComponentTests(['vendor']);

beforeEach(() => {
  patches = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/vendor/profile' && init?.method === 'PATCH') {
      patches.push(JSON.parse(String(init.body)));
      return Response.json(profile);
    }
    return Response.json(null);
  });
});

describe('ProfileEditor: the WhatsApp phone', () => {
  it.each([
    [
      'es-MX',
      'Teléfono de WhatsApp',
      'Guardar',
      'Escribe un número de WhatsApp válido para el país elegido.',
    ],
    ['en', 'WhatsApp phone', 'Save', 'Enter a valid WhatsApp number for the selected country.'],
  ])(
    '(%s) says by the field that "1234" is not a number, then sends "+52 55 …"',
    async (lang, label, save, message) => {
      await i18n.changeLanguage(lang);
      renderWithProviders(<ProfileEditor profile={profile} onClose={() => {}} />);
      const phone = screen.getByLabelText(label, { exact: true });
      changeValue(phone, '1234');
      fireEvent.click(screen.getByRole('button', { name: save }));
      await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(String(phone.getAttribute('aria-describedby')))?.textContent).toBe(
        message,
      );
      expect(patches).toEqual([]);

      changeValue(phone, '+52 55 9876 5432');
      fireEvent.click(screen.getByRole('button', { name: save }));
      await waitFor(() => expect(patches).toHaveLength(1));
      expect(patches[0]).toMatchObject({ business_phone: '+52 55 9876 5432', business_phone_country: 'MX' });
    },
  );
});
