import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminBookingDetail, AdminBookingItem } from '../../../../shared/admin-bookings.schemas.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { BookingsTab } from './bookings-tab.tsx';

// The admin's Bookings tab (decision 049) with the API stubbed at fetch: filters reach the
// query and the CSV link, a row opens the detail, an owed refund shows the provider's words, and a
// refused action is told in words.

const item: AdminBookingItem = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  code: 'XK7P2M',
  status: 'cancelled',
  start_time: '2026-11-25T15:00:00.000Z',
  end_time: '2026-11-25T16:00:00.000Z',
  timezone: 'America/Mexico_City',
  created_at: '2026-11-22T18:00:00.000Z',
  amount_mxn: 45_000,
  vendor: { id: '9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', name: 'Casa Limpia' },
  service_name: 'Limpieza profunda',
  customer_name: 'Ana López',
  customer_email: 'ana@example.test',
  refund_state: 'owed',
};

const detail: AdminBookingDetail = {
  ...item,
  vendor: { ...item.vendor, slug: 'casa-limpia', email: 'casa@example.test', phone: '+525512345678' },
  customer_phone: '+525587654321',
  notes: 'Timbre 3',
  location: 'customer',
  address: { street: 'Calle Durango 120', colonia: 'Roma Norte', postalCode: '06700', references: '' },
  place_address: null,
  timeline: {
    requested_at: '2026-11-22T18:00:00.000Z',
    confirmed_at: '2026-11-22T18:10:00.000Z',
    payment_due_at: '2026-11-23T18:10:00.000Z',
    paid_at: '2026-11-22T18:20:00.000Z',
    rescheduled_at: null,
    ended_at: '2026-11-22T19:00:00.000Z',
    cancel_reason: 'customer',
    cancel_note: 'Cambio de planes',
  },
  payment: { payment_url: null, has_checkout: true },
  refund: {
    state: 'owed',
    amount_mxn: 45_000,
    refund_id: null,
    refunded_at: null,
    error: 'Stripe is down for maintenance',
    reference: null,
  },
  actions: { can_cancel: false, can_refund: true, can_mark_refunded: true, can_resend_payment_link: false },
};

let queries: URLSearchParams[];
let posts: string[];

setUpComponentTests(['admin']);

beforeEach(async () => {
  queries = [];
  posts = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') {
      posts.push(url.pathname);
      return Response.json(
        { error: { code: 'conflict', message: 'x', details: { reason: 'already_refunded' } } },
        { status: 409 },
      );
    }
    if (url.pathname === `/api/admin/bookings/${item.id}`) return Response.json(detail);
    queries.push(url.searchParams);
    return Response.json({ items: [item], total: 1 });
  });
  await i18n.changeLanguage('en');
});

function renderTab(url = '/admin?tab=bookings') {
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <BookingsTab />
    </MemoryRouter>,
  );
}

describe('the Bookings tab', () => {
  it('lists the bookings and sends the filters to the list and to the CSV export', async () => {
    renderTab();
    const row = (await screen.findByRole('button', { name: 'Open booking XK7P2M' })).closest('li')!;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).getByText('Refund owed')).toBeTruthy();
    expect(within(row).getByText(new RegExp(formatMxn(45_000).replace('$', '\\$')))).toBeTruthy();

    changeValue(screen.getByLabelText('Status'), 'cancelled');
    changeValue(screen.getByLabelText('Refund'), 'owed');
    fireEvent.click(within(row).getByRole('button', { name: 'Show only the bookings of Casa Limpia' }));
    await waitFor(() =>
      expect(queries.at(-1)?.toString()).toBe(
        `status=cancelled&refund=owed&vendor_profile_id=${item.vendor.id}&offset=0&limit=20`,
      ),
    );
    expect(screen.getByText('Vendor: Casa Limpia')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Export the 1 bookings/ }).getAttribute('href')).toBe(
      `/api/admin/bookings.csv?status=cancelled&refund=owed&vendor_profile_id=${item.vendor.id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show every vendor' }));
    await waitFor(() => expect(queries.at(-1)?.has('vendor_profile_id')).toBe(false));
  });

  it('reads its filters from the address: the "Services scheduled" card’s link lists those', async () => {
    renderTab(
      '/admin?tab=bookings&status=scheduled&vendor=9a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b&vendor_name=Casa%20Limpia',
    );
    await waitFor(() =>
      expect(queries.at(-1)?.toString()).toBe(
        `status=scheduled&vendor_profile_id=${item.vendor.id}&offset=0&limit=20`,
      ),
    );
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('scheduled');
    expect(screen.getByText('Vendor: Casa Limpia')).toBeTruthy();
    changeValue(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(queries.at(-1)?.has('status')).toBe(false));
  });

  it('opens a booking: contact links, timeline, the owed refund with the provider’s words; a refusal in words', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Open booking XK7P2M' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking XK7P2M' });
    await within(dialog).findByText('Cancelled by the customer');
    expect(within(dialog).getByText('Reason: Cambio de planes')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Call +525587654321' }).getAttribute('href')).toBe(
      'tel:+525587654321',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Message Ana López on WhatsApp' }).getAttribute('href'),
    ).toBe('https://wa.me/525587654321');
    expect(
      within(dialog).getByText('The payment provider answered: Stripe is down for maintenance'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel booking' })).toBeNull();

    // The provider refused it: the press is a retry.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    const confirm = await screen.findByRole('alertdialog', { name: `Refund ${formatMxn(45_000)}?` });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(posts).toEqual([`/api/admin/bookings/${item.id}/refund`]));
    expect(await screen.findByText('This booking was already refunded.')).toBeTruthy();
  });

  it('marks an owed refund as refunded by other means, with a reference it asks for first', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Open booking XK7P2M' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking XK7P2M' });
    const mark = await within(dialog).findByRole('button', { name: 'Mark as refunded' });
    fireEvent.click(mark);
    expect(await within(dialog).findByText('Write the reference of the refund.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.input(within(dialog).getByLabelText(/Reference of the refund made by other means/), {
      target: { value: ' SPEI 0012345 ' },
    });
    fireEvent.click(mark);
    const confirm = await screen.findByRole('alertdialog', {
      name: `Mark ${formatMxn(45_000)} as refunded?`,
    });
    expect(within(confirm).getByText(/with the reference “SPEI 0012345”/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark as refunded' }));
    await waitFor(() => expect(posts).toEqual([`/api/admin/bookings/${item.id}/mark-refunded`]));
  });
});
