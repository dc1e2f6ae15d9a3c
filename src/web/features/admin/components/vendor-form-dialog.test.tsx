import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { adminVendor } from '../admin-fixtures.ts';
import { VendorFormDialog } from './vendor-form-dialog.tsx';

// The admin's Edit Vendor sends only the fields the form shows, so that it cannot write
// back a bio or address the vendor changed after the dialog opened. The API is stubbed at fetch.

const vendor = adminVendor({
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  slug: 'casa-limpia',
  business_name: 'Casa Limpia',
  service_category: 'cleaning',
  business_email: 'casa@example.test',
  business_phone: '+525512345678',
  bio: 'Limpieza profunda',
  address: 'Calle Colima 1, Roma Norte',
  is_verified: true,
  pricing_type: 'hourly',
});

let patches: { path: string; body: Record<string, unknown> }[];

setUpComponentTests(['admin']);

beforeEach(async () => {
  patches = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      patches.push({ path: url.pathname, body });
      return Response.json({ ...vendor, ...body });
    }
    return Response.json({ items: [], total: 0 });
  });
  await i18n.changeLanguage('en');
});

describe('VendorFormDialog', () => {
  it('sends an edit without the bio and address it does not show', async () => {
    renderWithProviders(<VendorFormDialog vendor={vendor} open onOpenChange={() => {}} />);
    changeValue(screen.getByLabelText('Business name'), 'Casa Limpia Roma');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vendor updated successfully')).toBeTruthy();
    expect(patches).toEqual([
      {
        path: `/api/admin/vendors/${vendor.id}`,
        body: {
          business_name: 'Casa Limpia Roma',
          service_category: 'cleaning',
          business_email: 'casa@example.test',
          business_phone: '+525512345678',
          application_status: 'approved',
          is_verified: true,
          pricing_type: 'hourly',
        },
      },
    ]);
  });

  it('shows each refused field’s message by the field, and sends nothing', async () => {
    renderWithProviders(<VendorFormDialog vendor={vendor} open onOpenChange={() => {}} />);
    changeValue(screen.getByLabelText('Business name'), '  ');
    changeValue(screen.getByLabelText('Email'), 'not-an-email');
    changeValue(screen.getByRole('textbox', { name: 'Phone' }), '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Business name is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number for the selected country.')).toBeTruthy();
    const name = screen.getByLabelText('Business name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Business name is required.',
    );
    // Fixed, the message goes as it is typed (react-hook-form checks again on change).
    changeValue(name, 'x'.repeat(121));
    expect(await screen.findByText('This is too long.')).toBeTruthy();
    changeValue(name, 'Casa Limpia');
    await waitFor(() => expect(screen.queryByText('This is too long.')).toBeNull());
    expect(patches).toEqual([]);
  });
});
