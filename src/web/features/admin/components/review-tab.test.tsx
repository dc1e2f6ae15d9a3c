import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReviewQueueItem } from '../../../../shared/vendor-review.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { ReviewTab } from './review-tab.tsx';

// The Review tab (decision 048): the queue as the API serves it, Approve at once, and the message
// that asking for changes needs before anything is sent.

const vendor = (fields: Partial<ReviewQueueItem> = {}): ReviewQueueItem => ({
  id: 'v1',
  slug: 'jardines-sol',
  business_name: 'Jardines Sol',
  service_category: 'plants',
  business_email: 'sol@example.test',
  business_phone: '+525512345678',
  application_status: 'submitted',
  review_message: null,
  reviewed_at: null,
  active_services: 2,
  admin_created: false,
  claimed_at: null,
  claim_approved_at: null,
  created_at: '2026-11-20T18:00:00.000Z',
  ...fields,
});

let queue: ReviewQueueItem[];
let pendingChanges: unknown[];
let posts: { path: string; body: unknown }[];

setUpComponentTests(['admin']);

beforeEach(async () => {
  queue = [
    vendor(),
    vendor({
      id: 'v2',
      slug: 'casa-nube',
      business_name: 'Casa Nube',
      admin_created: true,
      claimed_at: '2026-11-21T18:00:00.000Z',
      active_services: 0,
    }),
  ];
  posts = [];
  pendingChanges = [];
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/admin/vendors/review')
      return Response.json({ items: queue, total: queue.length });
    if (url.pathname === '/api/admin/vendors/pending-changes')
      return Response.json({ items: pendingChanges, total: pendingChanges.length });
    if (url.pathname === '/api/admin/vendors/recent-changes') return Response.json({ items: [], total: 0 });
    const review = /^\/api\/admin\/vendors\/([^/]+)\/review$/.exec(url.pathname);
    if (review && init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      queue = queue.filter((v) => v.id !== review[1]);
      return Response.json({ id: review[1], application_status: 'approved' });
    }
    return Response.json(null);
  });
  await i18n.changeLanguage('en');
});

function renderTab() {
  renderWithProviders(
    <MemoryRouter>
      <ReviewTab />
    </MemoryRouter>,
  );
}

describe('ReviewTab', () => {
  it('says at the top how many profile changes wait further down, and leads there', async () => {
    pendingChanges = [
      {
        vendor_profile_id: 'v9',
        slug: 'plomeria-roma',
        business_name: 'Plomería Roma',
        submitted_at: '2026-11-22T18:00:00.000Z',
        current: { business_name: 'Plomería Roma' },
        proposed: { business_name: 'Plomería Oficial' },
      },
    ];
    renderTab();
    const link = await screen.findByRole('link', { name: '1 profile change is waiting for review' });
    expect(link.getAttribute('href')).toBe('#pending-changes-title');
    expect(await screen.findByRole('article', { name: 'Plomería Roma' })).toBeTruthy();
  });

  it('says nothing of profile changes when none waits', async () => {
    renderTab();
    expect(await screen.findByText('Showing 2 of 2')).toBeTruthy();
    expect(await screen.findByText('No profile change is waiting.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /profile changes? (is|are) waiting/ })).toBeNull();
  });

  it('shows each waiting vendor with what the admin decides on', async () => {
    renderTab();
    expect(await screen.findByText('Showing 2 of 2')).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Jardines Sol' });
    expect(within(first).getByText('sol@example.test')).toBeTruthy();
    expect(within(first).getByText(/^Submitted .+ · 2 active services$/)).toBeTruthy();
    expect(within(first).getByText('Submitted', { exact: true })).toBeTruthy();
    const claimed = screen.getByRole('article', { name: 'Casa Nube' });
    expect(
      within(claimed).getByText(/^Claimed profile \(proven .+\): approving approves the claim too$/),
    ).toBeTruthy();
    expect(within(claimed).getByText(/· No active services yet$/)).toBeTruthy();
    expect(within(claimed).getByText('Created by an admin')).toBeTruthy();
  });

  it('approves at once, and the vendor leaves the queue', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Jardines Sol' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Jardines Sol' })).toBeNull());
    expect(posts).toEqual([{ path: '/api/admin/vendors/v1/review', body: { decision: 'approve' } }]);
  });

  it('asks for changes only with a message, sent as typed', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask Jardines Sol for changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Jardines Sol for changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Write a message for the vendor.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Message to the vendor').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    changeValue(within(dialog).getByLabelText('Message to the vendor'), '  Agrega fotos de tu trabajo. ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: '/api/admin/vendors/v1/review',
          body: { decision: 'request_changes', message: 'Agrega fotos de tu trabajo.' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
