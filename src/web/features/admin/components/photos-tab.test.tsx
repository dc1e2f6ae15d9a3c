import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VendorPhoto } from '../../../../shared/vendor-photos.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { PhotosTab } from './photos-tab.tsx';

// The admin's Photos tab (decision 074) with the API stubbed at fetch: the photos waiting, each with
// its vendor, kind, description and image (read through the admin's private URL); Approve at once,
// Remove with a required reason; a photo decided meanwhile (409) said so and the list read again.

type PendingPhoto = VendorPhoto & { vendor: { id: string; business_name: string; slug: string } };

const hash = 'h'.repeat(40);
const pending = (id: string, fields: Partial<PendingPhoto>): PendingPhoto => ({
  id,
  kind: 'portfolio',
  status: 'pending',
  service_id: null,
  alt: null,
  position: 0,
  variants: [240, 480].map((width) => ({
    url: `/media/photos/${id}/${hash}${width}.webp`,
    width,
    height: width / 2,
  })),
  removal_reason: null,
  created_at: '2026-12-01T18:00:00.000Z',
  vendor: { id: 'v1', business_name: 'Brillo Total Limpieza', slug: 'brillo-total-limpieza' },
  ...fields,
});

const cover = pending('11111111-1111-4111-8111-111111111111', { kind: 'cover' });
const work = pending('22222222-2222-4222-8222-222222222222', {
  alt: 'Cocina después de la limpieza',
  vendor: { id: 'v2', business_name: 'Jardines Sol', slug: 'jardines-sol' },
});

let items: PendingPhoto[];
let posts: { path: string; body: unknown }[];
let gets: number;
/** The next review's answer: a conflict (decided by another admin) instead of the decision. */
let conflict: boolean;

setUpComponentTests(['admin', 'photos']);

beforeEach(async () => {
  items = [cover, work];
  posts = [];
  gets = 0;
  conflict = false;
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/admin/photos/pending') {
      gets++;
      return Response.json({ items });
    }
    const review = /^\/api\/admin\/photos\/([^/]+)\/review$/.exec(url.pathname);
    if (review && init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      const [, id] = review;
      items = items.filter((photo) => photo.id !== id);
      if (conflict)
        return Response.json(
          { error: { code: 'conflict', reason: 'photo_decided_by_other', message: 'Decided already.' } },
          { status: 409 },
        );
      return Response.json({ ...work, id, status: 'approved' });
    }
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('en');
});

function renderTab() {
  renderWithProviders(
    <MemoryRouter>
      <PhotosTab />
    </MemoryRouter>,
  );
}

describe('PhotosTab', () => {
  it('lists each photo waiting with its vendor, kind, description and private image', async () => {
    renderTab();
    expect(await screen.findByText('2 photos waiting')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Cover of Brillo Total Limpieza' });
    const image = within(card).getByRole('img', {
      name: 'Cover waiting for review, of Brillo Total Limpieza',
    });
    expect(image.getAttribute('src')).toBe(`/api/admin/photos/${cover.id}/${hash}240.webp`);
    expect(image.getAttribute('srcset')).toBe(
      `/api/admin/photos/${cover.id}/${hash}240.webp 240w, /api/admin/photos/${cover.id}/${hash}480.webp 480w`,
    );
    expect(image.getAttribute('width')).toBe('240');
    expect(image.getAttribute('height')).toBe('120');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(within(card).getByText('No description')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View profile' }).getAttribute('href')).toBe(
      '/public/vendor/brillo-total-limpieza',
    );

    const other = screen.getByRole('article', { name: 'Portfolio photo of Jardines Sol' });
    expect(within(other).getByRole('img', { name: 'Cocina después de la limpieza' })).toBeTruthy();
    expect(within(other).getByText('Cocina después de la limpieza', { selector: 'dd' })).toBeTruthy();
  });

  it('approves a photo at once, and the list leaves it', async () => {
    renderTab();
    await screen.findByText('2 photos waiting');
    fireEvent.click(screen.getByRole('button', { name: 'Approve the cover of Brillo Total Limpieza' }));
    expect(
      await screen.findByText('Photo approved: it shows on Brillo Total Limpieza’s profile'),
    ).toBeTruthy();
    expect(posts).toEqual([{ path: `/api/admin/photos/${cover.id}/review`, body: { decision: 'approve' } }]);
    expect(await screen.findByText('1 photo waiting')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Cover of Brillo Total Limpieza' })).toBeNull();
  });

  it('removes a photo with the reason, which is required', async () => {
    renderTab();
    await screen.findByText('2 photos waiting');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the portfolio photo of Jardines Sol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the portfolio photo of Jardines Sol' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await within(dialog).findByText('Write the reason for the vendor.')).toBeTruthy();
    expect(posts).toEqual([]);

    changeValue(within(dialog).getByLabelText(/Reason for the vendor/), 'Se ve la cara de un cliente');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed: Jardines Sol was told why')).toBeTruthy();
    expect(posts).toEqual([
      {
        path: `/api/admin/photos/${work.id}/review`,
        body: { decision: 'remove', message: 'Se ve la cara de un cliente' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a photo decided by another admin, and reads the list again', async () => {
    conflict = true;
    renderTab();
    await screen.findByText('2 photos waiting');
    const before = gets;
    fireEvent.click(screen.getByRole('button', { name: 'Approve the cover of Brillo Total Limpieza' }));
    expect(
      await screen.findByText('Another admin already decided this photo. The list was reloaded.'),
    ).toBeTruthy();
    await waitFor(() => expect(gets).toBeGreaterThan(before));
    expect(await screen.findByText('1 photo waiting')).toBeTruthy();
  });

  it('says when nothing waits, in Spanish too', async () => {
    items = [];
    await i18n.changeLanguage('es-MX');
    renderTab();
    expect(await screen.findByText('Ninguna foto espera revisión.')).toBeTruthy();
  });
});
