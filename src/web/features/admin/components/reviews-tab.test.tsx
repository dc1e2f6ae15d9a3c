import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AdminReview, reviewMessages } from '../../../../shared/review.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { ReviewsTab } from './reviews-tab.tsx';

// The admin's Reviews tab (decision 066) with the API stubbed at fetch: the filter in the address,
// each review with its reports, hiding with a required reason, dismissing a report, refusals in the
// admin's language, and each filter's empty state. No control edits the customer's words.

const reported: AdminReview = {
  id: '0c6a1f4e-1b7d-4b59-9a43-1f2d3c4b5a61',
  status: 'published',
  rating: 1,
  comment: 'Pésimo servicio, llámame al •••',
  comment_as_written: 'Pésimo servicio, llámame al 55 1234 5678',
  author: 'Luis P.',
  created_at: '2026-11-25T18:00:00.000Z',
  vendor: { id: 'v1', name: 'Brillo Total Limpieza', slug: 'brillo-total' },
  booking_code: 'XK7P2M',
  answer: { text: 'Lamentamos lo ocurrido.', created_at: '2026-11-26T18:00:00.000Z' },
  reports: [
    { reason: 'Nunca reservó ese día', by: 'vendor', created_at: '2026-11-26T19:00:00.000Z' },
    { reason: 'Es spam', by: 'visitor', created_at: '2026-11-27T10:00:00.000Z' },
  ],
  hidden_reason: null,
  hidden_at: null,
};

const hiddenOne: AdminReview = {
  ...reported,
  id: '1d7b2a5f-2c8e-4c6a-8b54-2a3e4d5c6b72',
  status: 'hidden',
  rating: 2,
  comment: null,
  author: 'Marta R.',
  booking_code: 'RF4D9Q',
  answer: null,
  reports: [],
  hidden_reason: 'Insultos al proveedor',
  hidden_at: '2026-11-27T18:00:00.000Z',
};

const quiet: AdminReview = {
  ...reported,
  id: '2e8c3b6a-3d9f-4d7b-9c65-3b4f5e6d7c83',
  rating: 5,
  comment: 'Excelente',
  author: 'Ana G.',
  answer: null,
  reports: [],
};

let reviews: AdminReview[];
let gets: string[];
let posts: { path: string; body: unknown }[];
/** A refusal the next POST answers with, instead of doing it. */
let refusal: string | null;

setUpComponentTests(['admin', 'reviewModeration']);

function listed(status: string) {
  if (status === 'reported') return reviews.filter((r) => r.reports.length > 0);
  if (status === 'hidden') return reviews.filter((r) => r.status === 'hidden');
  return reviews;
}

beforeEach(async () => {
  reviews = [reported, hiddenOne, quiet];
  gets = [];
  posts = [];
  refusal = null;
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/admin/reviews') {
      gets.push(url.search);
      const items = listed(url.searchParams.get('status')!);
      return Response.json({ items, total: items.length });
    }
    const action = /^\/api\/admin\/reviews\/([^/]+)\/(hide|dismiss-report)$/.exec(url.pathname);
    if (action && init?.method === 'POST') {
      posts.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (refusal) return Response.json({ error: { code: 'conflict', message: refusal } }, { status: 409 });
      const [, id, verb] = action;
      reviews = reviews.map((r) =>
        r.id !== id
          ? r
          : verb === 'hide'
            ? {
                ...r,
                status: 'hidden' as const,
                reports: [],
                hidden_reason: (JSON.parse(String(init.body)) as { reason: string }).reason,
                hidden_at: '2026-11-28T18:00:00.000Z',
              }
            : { ...r, reports: [] },
      );
      return Response.json(reviews.find((r) => r.id === id));
    }
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('en');
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderTab(path = '/admin?tab=reviews') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <ReviewsTab />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByTestId('address').textContent;

describe('ReviewsTab', () => {
  it('opens on the reported reviews, each with its reports, vendor and booking', async () => {
    renderTab();
    expect(await screen.findByText('Showing 1 of 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reported' }).getAttribute('aria-pressed')).toBe('true');
    expect(gets).toEqual(['?status=reported&offset=0&limit=20']);
    const card = screen.getByRole('article', { name: 'Luis P. on Brillo Total Limpieza' });
    expect(within(card).getByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(within(card).getByText('Pésimo servicio, llámame al •••')).toBeTruthy();
    // The words as written are one click away, for judging a report about them.
    expect(
      within(card).getByText('Show as written (contacts included; the public sees them masked)'),
    ).toBeTruthy();
    expect(within(card).getByText('Pésimo servicio, llámame al 55 1234 5678')).toBeTruthy();
    expect(within(card).getByText('Published')).toBeTruthy();
    const vendor = within(card).getByRole('link', { name: 'Brillo Total Limpieza' });
    expect(vendor.getAttribute('href')).toBe('/public/vendor/brillo-total?tab=reviews');
    expect(within(card).getByText('XK7P2M')).toBeTruthy();
    expect(within(card).getByText('Nov 25, 2026')).toBeTruthy();
    expect(within(card).getByText('The vendor’s response · Nov 26, 2026')).toBeTruthy();
    const reports = within(card).getByRole('region', { name: 'Open reports' });
    const items = within(reports).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'By the vendor · Nov 26, 2026Nunca reservó ese día',
      'By a visitor · Nov 27, 2026Es spam',
    ]);
    // Hide and dismiss; nothing edits the words.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hide', 'Dismiss report']);
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('filters by Hidden and All, in the address too', async () => {
    renderTab();
    await screen.findByText('Showing 1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Hidden' }));
    expect(address()).toBe('/admin?tab=reviews&status=hidden');
    const card = await screen.findByRole('article', { name: 'Marta R. on Brillo Total Limpieza' });
    expect(within(card).getByText('Hidden')).toBeTruthy();
    expect(within(card).getByText('Hidden Nov 27, 2026: Insultos al proveedor')).toBeTruthy();
    expect(within(card).getByText('No comment: only the rating.')).toBeTruthy();
    // Already hidden, no report: nothing to decide.
    expect(within(card).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(address()).toBe('/admin?tab=reviews&status=all');
    expect(await screen.findByText('Showing 3 of 3')).toBeTruthy();
    const calm = screen.getByRole('article', { name: 'Ana G. on Brillo Total Limpieza' });
    expect(
      within(calm)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hide']);

    fireEvent.click(screen.getByRole('button', { name: 'Reported' }));
    expect(address()).toBe('/admin?tab=reviews');
    expect(gets).toEqual([
      '?status=reported&offset=0&limit=20',
      '?status=hidden&offset=0&limit=20',
      '?status=all&offset=0&limit=20',
    ]);
  });

  it('opens on the filter the address names', async () => {
    renderTab('/admin?tab=reviews&status=all');
    expect(await screen.findByText('Showing 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('hides a review only with a reason, which it sends as typed', async () => {
    renderTab();
    const hide = await screen.findByRole('button', {
      name: 'Hide Luis P.’s review of Brillo Total Limpieza',
    });
    fireEvent.click(hide);
    const dialog = await screen.findByRole('dialog', { name: 'Hide Luis P.’s review?' });
    expect(
      within(dialog).getByText(
        'It leaves Brillo Total Limpieza’s page and average. The customer and the vendor are told, with your reason; the words stay as written.',
      ),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('Reason (the customer and the vendor read it)');
    expect(field.getAttribute('maxlength')).toBe('500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('Write the reason.')).toBeTruthy();
    expect(posts).toEqual([]);

    changeValue(field, '  Datos personales y acusaciones falsas ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: `/api/admin/reviews/${reported.id}/hide`,
          body: { reason: 'Datos personales y acusaciones falsas' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Review hidden')).toBeTruthy();
    // Hidden, its reports closed: it leaves the reported list.
    expect(await screen.findByText('No review is reported: nothing waits for a decision.')).toBeTruthy();
  });

  it('dismisses a report: the review stays, out of the reported list', async () => {
    renderTab();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Dismiss the report on Luis P.’s review of Brillo Total Limpieza',
      }),
    );
    await waitFor(() =>
      expect(posts).toEqual([{ path: `/api/admin/reviews/${reported.id}/dismiss-report`, body: undefined }]),
    );
    expect(await screen.findByText('Report dismissed: the review stays published')).toBeTruthy();
    expect(await screen.findByText('No review is reported: nothing waits for a decision.')).toBeTruthy();
    expect(reviews.find((r) => r.id === reported.id)?.status).toBe('published');
  });

  it('says a refusal in the admin’s language', async () => {
    await i18n.changeLanguage('es-MX');
    refusal = reviewMessages.noOpenReport;
    renderTab();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Descartar el reporte de la reseña de Luis P. sobre Brillo Total Limpieza',
      }),
    );
    expect(await screen.findByText('No se pudo descartar el reporte')).toBeTruthy();
    expect(screen.getByText('Esta reseña no tiene reportes por descartar.')).toBeTruthy();
  });

  it('says each filter’s empty state, in both languages', async () => {
    reviews = [];
    renderTab();
    expect(await screen.findByText('No review is reported: nothing waits for a decision.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hidden' }));
    expect(await screen.findByText('No review is hidden.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(
      await screen.findByText('No reviews yet: customers are asked for one after each completed booking.'),
    ).toBeTruthy();
    await i18n.changeLanguage('es-MX');
    expect(
      await screen.findByText(
        'Aún no hay reseñas: a los clientes se les pide una después de cada reserva completada.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reportadas' }));
    expect(await screen.findByText('Ninguna reseña está reportada: nada espera una decisión.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ocultas' }));
    expect(await screen.findByText('Ninguna reseña está oculta.')).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    renderTab();
    const card = await screen.findByRole('article', { name: 'Luis P. sobre Brillo Total Limpieza' });
    expect(screen.getByText('Mostrando 1 de 1')).toBeTruthy();
    expect(within(card).getByText('Del proveedor · 26 nov 2026')).toBeTruthy();
    expect(within(card).getByText('De un visitante · 27 nov 2026')).toBeTruthy();
    expect(within(card).getByRole('img', { name: '1 de 5 estrellas' })).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ocultar', 'Descartar reporte']);
  });
});
