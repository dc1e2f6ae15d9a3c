import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyBooking } from '../../shared/booking.schemas.ts';
import { i18n } from '../i18n/i18n.ts';
import { signedInMe } from '../test/fake-api.ts';
import { renderAt } from '../test/render-route.tsx';

const me = signedInMe();

function booking(n: number, overrides: Partial<MyBooking> = {}): MyBooking {
  return {
    id: `b${n}`,
    code: `BR-${n}`,
    status: 'paid',
    vendor_id: `v${n}`,
    vendor_name: `Vendor ${n}`,
    vendor_slug: `vendor-${n}`,
    service_name: 'Deep clean',
    start_time: '2026-11-20T16:00:00.000Z',
    end_time: '2026-11-20T18:00:00.000Z',
    timezone: 'America/Mexico_City',
    amount_mxn: 45_000,
    created_at: '2026-11-01T16:00:00.000Z',
    service_id: `s${n}`,
    manage_path: `/booking/BR-${n}?token=t${n}`,
    payment_url: null,
    address: null,
    can_review: false,
    review_path: null,
    my_rating: null,
    ...overrides,
  };
}

let items: MyBooking[];

beforeEach(async () => {
  items = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const [status, body] =
        url.pathname === '/api/auth/get-session'
          ? [200, { session: {}, user: {} }]
          : url.pathname === '/api/me'
            ? [200, me]
            : url.pathname === '/api/me/bookings'
              ? [200, { items }]
              : url.pathname === '/api/vendors/featured'
                ? [200, { items: [] }]
                : [404, { error: { code: 'not_found', message: 'x' } }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Job History', () => {
  it('lists the real bookings with a summary, statuses, times, costs and Rehire', async () => {
    items = [
      booking(1, { vendor_name: 'Casa Limpia', vendor_slug: 'casa-limpia', amount_mxn: 45_000 }),
      booking(2, { vendor_name: 'Fit Roma', status: 'pending_vendor', amount_mxn: 30_000 }),
      booking(3, { vendor_name: 'Tutor Max', status: 'paid', amount_mxn: 12_050 }),
    ];
    const router = renderAt('/jobs');
    expect(await screen.findByRole('heading', { level: 3, name: 'Casa Limpia' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('3')).toBeTruthy();
    // Only paid bookings count as spent: 450.00 + 120.50.
    expect(within(summary).getByText('$570.50')).toBeTruthy();
    expect(within(summary).getByText('No ratings yet')).toBeTruthy();
    expect(screen.getByText('Awaiting confirmation')).toBeTruthy();
    expect(screen.getAllByText('$450 MXN')).toHaveLength(1);
    // 16:00Z is 10:00 in Mexico City.
    expect(screen.getAllByText(/10:00/).length).toBeGreaterThan(0);
    // Each row opens its booking page; Rehire preselects the same service.
    expect(screen.getByRole('link', { name: 'Casa Limpia' }).getAttribute('href')).toBe(
      '/booking/BR-1?token=t1',
    );
    expect(screen.queryByRole('link', { name: /^Pay now/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Rehire Casa Limpia' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/public/vendor/casa-limpia'));
    expect(router.state.location.search).toBe('?tab=services&service=s1');
  });

  it('offers Pay now on a booking awaiting payment, instead of Rehire', async () => {
    items = [
      booking(1, {
        vendor_name: 'Casa Limpia',
        status: 'awaiting_payment',
        payment_url: 'https://pay.test/cs_1',
      }),
      booking(2, { vendor_name: 'Fit Roma' }),
    ];
    renderAt('/jobs');
    const pay = await screen.findByRole('link', { name: 'Pay now for Casa Limpia' });
    expect(pay.getAttribute('href')).toBe('https://pay.test/cs_1');
    expect(screen.queryByRole('link', { name: 'Rehire Casa Limpia' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Rehire Fit Roma' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now for Fit Roma' })).toBeNull();
  });

  it('offers "Leave a review" while a booking can be reviewed, shows the rating given, and averages them', async () => {
    items = [
      booking(1, { vendor_name: 'Casa Limpia', can_review: true, review_path: '/review/BR-1?token=r1' }),
      booking(2, { vendor_name: 'Fit Roma', review_path: '/review/BR-2?token=r2', my_rating: 4 }),
      booking(3, { vendor_name: 'Tutor Max', review_path: '/review/BR-3?token=r3', my_rating: 5 }),
      booking(4, { vendor_name: 'Jardín Vivo', review_path: '/review/BR-4?token=r4', my_rating: 4 }),
      // Reviewed, then deleted: no rating, nothing to leave.
      booking(5, { vendor_name: 'Chef Lu', review_path: '/review/BR-5?token=r5' }),
    ];
    renderAt('/jobs');
    // Waiting for a review: at the top, and on its row.
    const waiting = await screen.findByRole('region', {
      name: 'How did it go? One booking is waiting for your review',
    });
    const leave = within(waiting).getByRole('link', { name: 'Leave a review of Casa Limpia' });
    expect(leave.textContent).toBe('Leave a review');
    expect(screen.getAllByRole('link', { name: /^Leave a review/ })).toHaveLength(2);
    const rows = screen.getAllByRole('article');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('img')
        .getAttribute('aria-label'),
    ).toBe('Your rating: 4 stars out of 5');
    expect(
      within(rows[2] as HTMLElement).getByRole('img', { name: 'Your rating: 5 stars out of 5' }),
    ).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('img')).toBeNull();
    expect(within(rows[4] as HTMLElement).queryByRole('img')).toBeNull();
    // (4 + 5 + 4) / 3 = 4.33…, to one decimal.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Average rating').nextElementSibling?.textContent).toBe('4.3');
    expect(within(summary).queryByText('No ratings yet')).toBeNull();
    expect(leave.getAttribute('href')).toBe('/review/BR-1?token=r1');
  });

  it('says the average and the review link in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    items = [
      booking(1, { vendor_name: 'Casa Limpia', can_review: true, review_path: '/review/BR-1?token=r1' }),
      booking(2, { vendor_name: 'Fit Roma', review_path: '/review/BR-2?token=r2', my_rating: 4 }),
      booking(3, { vendor_name: 'Tutor Max', review_path: '/review/BR-3?token=r3', my_rating: 5 }),
    ];
    renderAt('/jobs');
    const waiting = await screen.findByRole('region', { name: '¿Cómo te fue? Una reserva espera tu reseña' });
    expect(within(waiting).getByRole('link', { name: 'Deja una reseña de Casa Limpia' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Resumen' });
    expect(within(summary).getByText('Calificación promedio')).toBeTruthy();
    expect(within(summary).getByText('4.5')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Tu calificación: 4 estrellas de 5' })).toBeTruthy();
  });

  it('shows 10 bookings at a time with Load More History', async () => {
    items = Array.from({ length: 12 }, (_, i) => booking(i + 1));
    renderAt('/jobs');
    expect(await screen.findByRole('heading', { level: 3, name: 'Vendor 1' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Load More History' }));
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load More History' })).toBeNull();
  });

  it('says so honestly when there are no bookings yet', async () => {
    renderAt('/jobs');
    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse vendors' }).getAttribute('href')).toBe('/vendors');
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
  });

  it('shows the latest 3 bookings in Home Recent Activity, linking to the vendor', async () => {
    items = Array.from({ length: 5 }, (_, i) => booking(i + 1));
    renderAt('/');
    const recent = await screen.findByRole('link', { name: /Vendor 1/ });
    expect(recent.getAttribute('href')).toBe('/vendor/v1');
    expect(screen.getByRole('link', { name: /Vendor 3/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Vendor 4/ })).toBeNull();
  });
});
