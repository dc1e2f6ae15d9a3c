import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  PublicReview,
  RatingDistribution,
  VendorReviewsResponse,
} from '../../../../shared/review.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import type { ReviewsVendor } from './review-summary.tsx';
import { VendorReviews } from './vendor-reviews.tsx';

// The profile's Reviews tab: the summary from the profile, then once the tab is open the list as
// GET /api/vendors/:slug/reviews serves it, page by page, with the distribution; and Report.

const vendor = (fields: Partial<ReviewsVendor> = {}): ReviewsVendor => ({
  slug: 'casa-limpia',
  business_name: 'Casa Limpia',
  timezone: 'America/Mexico_City',
  rating_average: 4.6,
  rating_count: 12,
  ...fields,
});

const review = (n: number, fields: Partial<PublicReview> = {}): PublicReview => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  rating: 5,
  comment: `Comment ${n}`,
  author: `Author ${n}.`,
  // Newest first: review 1 is the latest.
  created_at: new Date(Date.UTC(2026, 10, 21 - n, 18)).toISOString(),
  answer: null,
  ...fields,
});

const distribution: RatingDistribution = { '5': 8, '4': 3, '3': 0, '2': 1, '1': 0 };
const all = [
  review(1, {
    rating: 4,
    comment: 'Muy puntual.\n<b>Limpió la cocina</b>',
    author: 'Ana G.',
    answer: { text: '¡Gracias, Ana!', created_at: '2026-11-21T10:00:00.000Z' },
  }),
  review(2, { comment: null, author: 'Luis P.' }),
  ...Array.from({ length: 10 }, (_, i) => review(i + 3)),
];

let reviews: PublicReview[];
let requests: URL[];
let reportAnswer: () => Response;
let reports: { path: string; body: unknown }[];

setUpComponentTests(['reviews']);
// The list, the dialog and the toasts are chunks of their own: loaded ahead, so that each test waits
// only for its answers.
beforeAll(() =>
  Promise.all([
    import('./review-list.tsx'),
    import('./report-dialog.tsx'),
    import('../../../app/toaster.tsx'),
  ]),
);

beforeEach(async () => {
  reviews = all;
  requests = [];
  reports = [];
  reportAnswer = () => Response.json({ reported: true }, { status: 202 });
  stubFetch((url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') {
      reports.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return reportAnswer();
    }
    requests.push(url);
    if (url.pathname !== '/api/vendors/casa-limpia/reviews') return Response.json(null, { status: 404 });
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const body: VendorReviewsResponse = {
      items: reviews.slice(offset, offset + limit),
      total: reviews.length,
      average: reviews.length > 0 ? 4.6 : null,
      distribution: reviews.length > 0 ? distribution : { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 },
    };
    return Response.json(body);
  });
  await i18n.changeLanguage('en');
});

/** The tab closed until its button is pressed, as on the profile. */
function TabHarness() {
  const [active, setActive] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setActive(true)}>
        Open the tab
      </button>
      <VendorReviews vendor={vendor()} active={active} />
    </>
  );
}

const reviewRequests = () => requests.filter((r) => r.pathname.endsWith('/reviews'));

describe('VendorReviews', () => {
  it('says "No reviews yet" for a vendor without reviews, and asks for none', async () => {
    renderWithProviders(<VendorReviews vendor={vendor({ rating_average: null, rating_count: 0 })} active />);
    expect(screen.getByRole('heading', { name: 'No reviews yet' })).toBeTruthy();
    await act(async () => {});
    expect(reviewRequests()).toEqual([]);
  });

  it('shows the average and count from the profile, and loads the list only once the tab is open', async () => {
    renderWithProviders(<TabHarness />);
    expect(screen.getByRole('img', { name: '4.6 out of 5, 12 reviews' })).toBeTruthy();
    expect(screen.getByText('Loading reviews…')).toBeTruthy();
    await act(async () => {});
    expect(reviewRequests()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open the tab' }));
    expect(await screen.findByRole('list', { name: 'Reviews, newest first' })).toBeTruthy();
    expect(reviewRequests()[0]?.search).toBe('?offset=0&limit=10');
  });

  it('lists the reviews newest first with the distribution, and loads more 10 at a time', async () => {
    renderWithProviders(<VendorReviews vendor={vendor()} active />);
    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });

    // The distribution, 5 to 1, each bar read as a sentence.
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '585 stars: 8 reviews',
      '434 stars: 3 reviews',
      '303 stars: 0 reviews',
      '212 stars: 1 review',
      '101 star: 0 reviews',
    ]);
    expect(screen.getByRole('img', { name: '4.6 out of 5, 12 reviews' })).toBeTruthy();

    let items = within(list).getAllByRole('article');
    expect(items).toHaveLength(10);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Ana G.' })).toBeTruthy();
    expect(first.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(first.getByText('November 20, 2026')).toBeTruthy();
    // The customer's words as text, markup and all.
    expect(first.getByText(/<b>Limpió la cocina<\/b>/).textContent).toBe(
      'Muy puntual.\n<b>Limpió la cocina</b>',
    );
    expect(items[0]?.querySelector('b')).toBeNull();
    expect(first.getByText('Response from Casa Limpia')).toBeTruthy();
    expect(first.getByText('¡Gracias, Ana!')).toBeTruthy();
    // A rating without words.
    const second = within(items[1]!);
    expect(second.getByRole('heading', { name: 'Luis P.' })).toBeTruthy();
    expect(second.queryByText(/Comment/)).toBeNull();
    expect(second.queryByText(/Response from/)).toBeNull();

    expect(screen.getByText('Showing 10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(12));
    expect(reviewRequests().map((r) => r.search)).toEqual(['?offset=0&limit=10', '?offset=10&limit=10']);
    items = within(list).getAllByRole('article');
    // Reading goes on at the first review added.
    await waitFor(() => expect(document.activeElement).toBe(items[10]));
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('reads in Spanish: the dates, the distribution and the answer', async () => {
    await i18n.changeLanguage('es-MX');
    renderWithProviders(<VendorReviews vendor={vendor()} active />);
    const list = await screen.findByRole('list', { name: 'Reseñas, las más recientes primero' });
    const first = within(within(list).getAllByRole('article')[0]!);
    expect(first.getByText('20 de noviembre de 2026')).toBeTruthy();
    expect(first.getByText('Respuesta de Casa Limpia')).toBeTruthy();
    expect(first.getByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4.6 de 5, 12 reseñas' })).toBeTruthy();
    expect(screen.getByText('5 estrellas: 8 reseñas')).toBeTruthy();
    expect(screen.getByText('1 estrella: 0 reseñas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cargar más reseñas' })).toBeTruthy();
  });

  it('says "No reviews yet" when every review went since the profile was read', async () => {
    reviews = [];
    renderWithProviders(<VendorReviews vendor={vendor()} active />);
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeTruthy();
  });
});

describe('Report', () => {
  async function openReport() {
    renderWithProviders(<VendorReviews vendor={vendor()} active />);
    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });
    const button = within(list).getByRole('button', { name: 'Report the review by Ana G.' });
    fireEvent.click(button);
    return { dialog: await screen.findByRole('dialog', { name: 'Report this review' }), list, button };
  }

  it('asks why, sends the reason, and thanks the visitor', async () => {
    const { dialog, list } = await openReport();
    const reason = within(dialog).getByLabelText('Reason');
    // The reason is what it asks for: the cursor starts there, and goes back there when missing.
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Write the reason.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(reports).toEqual([]);

    changeValue(reason, '  Not a real service  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks, an admin will look at it')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reports).toEqual([
      { path: `/api/reviews/${all[0]!.id}/report`, body: { reason: 'Not a real service' } },
    ]);
    const first = within(list).getAllByRole('article')[0]!;
    expect(within(first).getByText('Reported')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Report/ })).toBeNull();
    // The button is gone: focus is on its review.
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('shows a refusal in the dialog, which keeps the reason', async () => {
    reportAnswer = () =>
      Response.json({ error: { code: 'rate_limited', message: 'Too many requests.' } }, { status: 429 });
    const { dialog } = await openReport();
    changeValue(within(dialog).getByLabelText('Reason'), 'Spam');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many reports for now. Please try again later.',
    );
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Spam');
  });

  it('closes on Cancel, focus back on the Report button', async () => {
    await i18n.changeLanguage('es-MX');
    renderWithProviders(<VendorReviews vendor={vendor()} active />);
    const list = await screen.findByRole('list', { name: 'Reseñas, las más recientes primero' });
    const button = within(list).getByRole('button', { name: 'Reportar la reseña de Ana G.' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Reportar esta reseña' });
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancelar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(reports).toEqual([]);
  });
});
