import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  REVIEW_ANSWER_MAX,
  reviewMessages,
  type VendorOwnReview,
  type VendorOwnReviewsResponse,
} from '../../../../shared/review.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { ReviewsSection } from './reviews-section.tsx';

// The dashboard's Reviews (decision 066) with the API stubbed at fetch: the average and count, each
// review with its booking and status, one answer per review (said to be final, with a counter), a
// report with its reason, paging, and the empty and failed states, in both languages.

const review = (fields: Partial<VendorOwnReview> = {}): VendorOwnReview => ({
  id: '0c6a1f4e-1b7d-4b59-9a43-1f2d3c4b5a61',
  rating: 5,
  comment: 'Llegó puntual y dejó la cocina impecable.',
  author: 'Ana G.',
  created_at: '2026-11-25T18:00:00.000Z',
  answer: null,
  status: 'published',
  booking_code: 'XK7P2M',
  hidden_reason: null,
  reported: false,
  ...fields,
});

const fresh = review();
const hidden = review({
  id: '1d7b2a5f-2c8e-4c6a-8b54-2a3e4d5c6b72',
  rating: 1,
  comment: 'Llámame al *** *** ****',
  author: 'Luis P.',
  booking_code: 'RF4D9Q',
  created_at: '2026-11-20T18:00:00.000Z',
  status: 'hidden',
  hidden_reason: 'Insultos al proveedor',
});
const answered = review({
  id: '2e8c3b6a-3d9f-4d7b-9c65-3b4f5e6d7c83',
  rating: 4,
  comment: null,
  author: 'Marta R.',
  booking_code: 'AV3L8B',
  created_at: '2026-11-10T18:00:00.000Z',
  answer: { text: '¡Gracias, Marta!', created_at: '2026-11-11T18:00:00.000Z' },
  reported: true,
});

let items: VendorOwnReview[];
let summary: Pick<VendorOwnReviewsResponse, 'average' | 'count'>;
let posts: { path: string; body: unknown }[];
/** What POST …/answer answers: the review with its answer, or a refusal. */
let answerReply: (id: string, text: string) => Response;
let gets: string[];
let failList: boolean;

setUpComponentTests(['reviewModeration']);

beforeEach(async () => {
  items = [fresh, hidden, answered];
  summary = { average: 4.5, count: 2 };
  posts = [];
  gets = [];
  failList = false;
  answerReply = (id, text) => {
    const answeredNow = {
      ...items.find((r) => r.id === id)!,
      answer: { text, created_at: '2026-11-27T18:00:00.000Z' },
    };
    items = items.map((r) => (r.id === id ? answeredNow : r));
    return Response.json(answeredNow);
  };
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      posts.push({ path: url.pathname, body });
      const answer = /^\/api\/vendor\/reviews\/([^/]+)\/answer$/.exec(url.pathname);
      if (answer) return answerReply(answer[1]!, body.text!);
      const report = /^\/api\/reviews\/([^/]+)\/report$/.exec(url.pathname);
      if (report) {
        items = items.map((r) => (r.id === report[1] ? { ...r, reported: true } : r));
        return Response.json({ reported: true }, { status: 202 });
      }
    }
    if (url.pathname === '/api/vendor/reviews') {
      gets.push(url.search);
      // A 4xx, which the app does not ask again by itself (a 5xx it does, twice, seconds apart).
      if (failList)
        return Response.json({ error: { code: 'rate_limited', message: 'Slow down.' } }, { status: 429 });
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const page: VendorOwnReviewsResponse = {
        items: items.slice(offset, offset + limit),
        total: items.length,
        ...summary,
      };
      return Response.json(page);
    }
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('es-MX');
});

function renderSection() {
  renderWithProviders(<ReviewsSection />);
  return screen.getByRole('region', { name: /^(Reseñas|Reviews)$/ });
}

describe('ReviewsSection', () => {
  it('shows the average and count, then each review with its booking, status and answer', async () => {
    const region = renderSection();
    expect(await within(region).findByText('Promedio 4.5 de 5 · 2 reseñas publicadas')).toBeTruthy();
    const first = within(region).getByRole('article', { name: 'Ana G.' });
    expect(within(first).getByText('25 nov 2026 · Reserva XK7P2M')).toBeTruthy();
    expect(within(first).getByText('Publicada')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '5 de 5 estrellas' })).toBeTruthy();
    expect(within(first).getByText('Llegó puntual y dejó la cocina impecable.')).toBeTruthy();

    const hiddenOne = within(region).getByRole('article', { name: 'Luis P.' });
    expect(within(hiddenOne).getByText('Oculta')).toBeTruthy();
    expect(within(hiddenOne).getByText('Oculta por Barrio: Insultos al proveedor')).toBeTruthy();
    // Hidden from the public: nothing to answer or report.
    expect(within(hiddenOne).queryByRole('button')).toBeNull();

    const answeredOne = within(region).getByRole('article', { name: 'Marta R.' });
    expect(within(answeredOne).getByText('Sin comentario: solo la calificación.')).toBeTruthy();
    expect(within(answeredOne).getByText('Tu respuesta · 11 nov 2026')).toBeTruthy();
    expect(within(answeredOne).getByText('¡Gracias, Marta!')).toBeTruthy();
    expect(within(answeredOne).getByText('Reportada: un administrador la revisará')).toBeTruthy();
    // Answered and reported: neither can be done again, and nothing edits the answer.
    expect(within(answeredOne).queryByRole('button')).toBeNull();
    // Newest first, as the server sends them.
    expect(
      within(region)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual([fresh, hidden, answered].map((r) => `vendor-review-${r.id}`));
  });

  it('reads the same in English', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    expect(await within(region).findByText('Average 4.5 out of 5 · 2 published reviews')).toBeTruthy();
    expect(within(region).getByText('Nov 25, 2026 · Booking XK7P2M')).toBeTruthy();
    expect(within(region).getByText('Hidden by Barrio: Insultos al proveedor')).toBeTruthy();
    expect(within(region).getByText('Reported — an admin will review it')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Answer Ana G.’s review' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Report Ana G.’s review' })).toBeTruthy();
  });

  it('answers once: says it is final, counts the characters, then shows the answer', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    const open = await within(region).findByRole('button', { name: 'Answer Ana G.’s review' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const form = within(region).getByRole('form', { name: 'Answer Ana G.’s review' });
    const field = within(form).getByLabelText('Your answer to Ana G.');
    expect(document.activeElement).toBe(field);
    // Nothing typed or pasted is cut (a phone number cut in half would pass the masking).
    expect(field.getAttribute('maxlength')).toBeNull();
    expect(
      within(form).getByText(
        'Your answer is public and cannot be edited; phone numbers and emails in it are shown masked.',
      ),
    ).toBeTruthy();
    expect(within(form).getByText('0 of 1,000 characters')).toBeTruthy();
    // The counter and the warning are read with the field.
    const describedBy = field.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '0 of 1,000 characters',
      'Your answer is public and cannot be edited; phone numbers and emails in it are shown masked.',
    ]);

    // Nothing written: said under the field, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Publish answer' }));
    expect(await within(form).findByText('Write your answer.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    // Too long: said under the field, the counter in red, nothing sent.
    changeValue(field, 'x'.repeat(REVIEW_ANSWER_MAX + 1));
    expect(within(form).getByText('1,001 of 1,000 characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Publish answer' }));
    expect(await within(form).findByText(/at most 1,000 characters/)).toBeTruthy();
    expect(posts).toEqual([]);

    changeValue(field, '  ¡Gracias por tu confianza, Ana!  ');
    expect(within(form).getByText('35 of 1,000 characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Publish answer' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { path: `/api/vendor/reviews/${fresh.id}/answer`, body: { text: '¡Gracias por tu confianza, Ana!' } },
      ]),
    );
    const article = within(region).getByRole('article', { name: 'Ana G.' });
    const shown = await within(article).findByText('Your answer · Nov 27, 2026');
    expect(within(article).getByText('¡Gracias por tu confianza, Ana!')).toBeTruthy();
    expect(document.activeElement).toBe(shown.parentElement);
    // Once only: no second Answer, no form, no edit.
    expect(within(article).queryByRole('button', { name: /Answer/ })).toBeNull();
    expect(within(article).queryByRole('form')).toBeNull();
    expect(within(article).queryByRole('textbox')).toBeNull();
  });

  it('says a second answer is refused in the page’s language, and shows the one given', async () => {
    answerReply = (id) => {
      items = items.map((r) =>
        r.id === id ? { ...r, answer: { text: 'Ya respondida', created_at: '2026-11-26T18:00:00.000Z' } } : r,
      );
      return Response.json(
        { error: { code: 'conflict', message: reviewMessages.alreadyAnswered } },
        { status: 409 },
      );
    };
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Responder la reseña de Ana G.' }));
    const form = within(region).getByRole('form', { name: 'Responder la reseña de Ana G.' });
    changeValue(within(form).getByLabelText('Tu respuesta a Ana G.'), 'Gracias');
    expect(within(form).getByText('7 de 1,000 caracteres')).toBeTruthy();
    expect(
      within(form).getByText(
        'Tu respuesta es pública y no se puede editar; los teléfonos y correos que incluya se muestran ocultos.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Publicar respuesta' }));
    expect(await within(region).findByText('Ya respondida')).toBeTruthy();
    expect(within(region).queryByRole('form')).toBeNull();
  });

  it('reports a review with a reason; it then says an admin will review it', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Report Ana G.’s review' }));
    const form = within(region).getByRole('form', { name: 'Report Ana G.’s review' });
    const field = within(form).getByLabelText('Why does this review break the rules?');
    expect(document.activeElement).toBe(field);
    expect(
      within(form).getByText(
        'An admin reads your report and decides. The review stays as the customer wrote it.',
      ),
    ).toBeTruthy();
    changeValue(field, 'no');
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Write the reason.')).toBeTruthy();
    expect(posts).toEqual([]);

    changeValue(field, ' Nunca reservó conmigo ese día ');
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    const article = within(region).getByRole('article', { name: 'Ana G.' });
    const reported = await within(article).findByText('Reported — an admin will review it');
    expect(document.activeElement).toBe(reported);
    expect(posts).toEqual([
      { path: `/api/reviews/${fresh.id}/report`, body: { reason: 'Nunca reservó conmigo ese día' } },
    ]);
    expect(within(article).queryByRole('button', { name: /Report/ })).toBeNull();
    // Still answerable: a report does not stop the vendor from answering.
    expect(within(article).getByRole('button', { name: 'Answer Ana G.’s review' })).toBeTruthy();
  });

  it('closes a form on Cancel, giving focus back to its button, with nothing sent', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    const open = await within(region).findByRole('button', { name: 'Report Ana G.’s review' });
    fireEvent.click(open);
    fireEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(within(region).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(posts).toEqual([]);
  });

  it('pages with Load more, newest first', async () => {
    await i18n.changeLanguage('en');
    items = Array.from({ length: 12 }, (_, i) =>
      review({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        author: `Cliente ${i + 1}`,
        booking_code: `CODE${String(i).padStart(2, '0')}`,
      }),
    );
    summary = { average: 5, count: 12 };
    const region = renderSection();
    expect(await within(region).findByText('Average 5.0 out of 5 · 12 published reviews')).toBeTruthy();
    expect(within(region).getAllByRole('article')).toHaveLength(10);
    fireEvent.click(within(region).getByRole('button', { name: 'Load more' }));
    expect(await within(region).findByRole('article', { name: 'Cliente 12' })).toBeTruthy();
    expect(within(region).getAllByRole('article')).toHaveLength(12);
    expect(within(region).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(gets).toEqual(['?offset=0&limit=10', '?offset=10&limit=10']);
  });

  it('says how reviews come when there are none, in both languages', async () => {
    items = [];
    summary = { average: null, count: 0 };
    const region = renderSection();
    expect(
      await within(region).findByText(
        'Aún no tienes reseñas: a los clientes se les pide una después de cada reserva completada.',
      ),
    ).toBeTruthy();
    expect(within(region).queryByText(/Promedio/)).toBeNull();
    await i18n.changeLanguage('en');
    expect(
      await within(region).findByText(
        'No reviews yet: customers are asked for one after each completed booking.',
      ),
    ).toBeTruthy();
  });

  it('says when the reviews could not be loaded, and tries again', async () => {
    failList = true;
    const region = renderSection();
    const alert = await within(region).findByRole('alert');
    expect(within(alert).getByText('No se pudieron cargar tus reseñas.')).toBeTruthy();
    failList = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(region).findByRole('article', { name: 'Ana G.' })).toBeTruthy();
  });
});
