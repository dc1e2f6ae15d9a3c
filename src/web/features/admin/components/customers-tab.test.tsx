import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminCustomer } from '../../../../shared/admin.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { CustomersTab } from './customers-tab.tsx';

// The Customers tab's guests: someone who only booked is edited and deleted like a profile;
// the form has no preferred categories for them and keeps their email, and the delete dialog says
// what stays. The API is stubbed at fetch.

const guest: AdminCustomer = {
  id: '5b1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  kind: 'booking_only',
  display_name: 'Inés Invitada',
  phone: '+525544443333',
  email: 'ines@example.test',
  preferred_categories: [],
  has_account: false,
  created_at: '2026-11-22T18:00:00.000Z',
  bookings: 3,
  active_bookings: 1,
};

let sent: { method: string; path: string; body: unknown }[];

setUpComponentTests(['admin']);

beforeEach(async () => {
  sent = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'PATCH' || init?.method === 'DELETE') {
      sent.push({
        method: init.method,
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return Response.json(init.method === 'DELETE' ? { id: guest.id } : guest);
    }
    return Response.json({ items: [guest], total: 1 });
  });
  await i18n.changeLanguage('en');
});

function renderTab() {
  renderWithProviders(<CustomersTab />);
}

describe('the Customers tab’s guests', () => {
  it('edits a guest without preferred categories, and keeps their email', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Inés Invitada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    expect(within(dialog).queryByText('Preferred categories')).toBeNull();
    expect(within(dialog).getByText(/A guest has no profile, so no preferred categories/)).toBeTruthy();

    changeValue(within(dialog).getByLabelText('Email'), '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A guest needs an email: it is how their bookings reach them.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    changeValue(within(dialog).getByLabelText('Email'), 'ines.nueva@example.test');
    changeValue(within(dialog).getByLabelText('Display name'), 'Inés I.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PATCH',
          path: `/api/admin/customers/${guest.id}`,
          body: { display_name: 'Inés I.', phone: '+525544443333', email: 'ines.nueva@example.test' },
        },
      ]),
    );
  });

  it('says what stays before deleting a guest', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Inés Invitada' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Their 3 booking\(s\) stay/)).toBeTruthy();
    expect(within(confirm).getByText(/the 1 still on go ahead as booked/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'DELETE', path: `/api/admin/customers/${guest.id}`, body: null }]),
    );
  });
});
