import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReview, ReviewRequest } from '../../shared/review.schemas.ts';
import { reviewMessages } from '../../shared/review.schemas.ts';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { renderAt } from '../test/render-route.tsx';

// The customer's review page (/review/:code?token=) against a stubbed API. Every time is a fixed
// instant: what the page shows never depends on today's date.

const TOKEN = 'rev_'.padEnd(54, 'x');
const URL_OF_PAGE = `/review/ABC234?token=${TOKEN}`;
const REVIEW_ID = '7c1d2f3a-4b5c-4d6e-8f90-1a2b3c4d5e6f';

const request: ReviewRequest = {
  code: 'ABC234',
  vendor: { name: 'Casa Limpia', slug: 'casa-limpia' },
  service_name: 'Limpieza profunda',
  // 15:00 UTC is 9:00 in Mexico City.
  start_time: '2026-11-23T15:00:00.000Z',
  end_time: '2026-11-23T16:30:00.000Z',
  timezone: 'America/Mexico_City',
  can_review: true,
  refusal: null,
  review: null,
};
const given: MyReview = {
  id: REVIEW_ID,
  rating: 4,
  comment: 'Muy puntual.\nDejó la casa impecable. <b>no HTML</b>',
  status: 'published',
  created_at: '2026-11-24T18:00:00.000Z',
  answer: null,
  hidden_reason: null,
};

type Answer = { status: number; body: unknown };
let answer: Answer;
let postAnswer: Answer;
let calls: string[];
let posts: { path: string; body: unknown }[];
let signedIn: { me: unknown; bookings: unknown[] } | undefined;

const refusal = (status: number, message: string): Answer => ({
  status,
  body: {
    error: {
      code: ({ 409: 'conflict', 410: 'gone', 422: 'unprocessable' } as const)[status] ?? 'bad_request',
      message,
    },
  },
});

beforeAll(() => preloadRouteAt('/review/ABC234'));

beforeEach(async () => {
  signedIn = undefined;
  calls = [];
  posts = [];
  answer = { status: 200, body: request };
  postAnswer = { status: 500, body: { error: { code: 'internal', message: 'unexpected' } } };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const fetched = input instanceof Request ? input : undefined;
    const url = new URL(String(fetched ? fetched.url : input), 'http://localhost');
    const method = (fetched?.method ?? init?.method ?? 'GET').toUpperCase();
    if (url.pathname === '/api/auth/get-session')
      return Response.json(signedIn ? { session: { id: 's' }, user: { id: 'u' } } : null);
    if (signedIn && url.pathname === '/api/me') return Response.json(signedIn.me);
    if (signedIn && url.pathname === '/api/me/bookings') {
      calls.push(url.pathname);
      return Response.json({ items: signedIn.bookings });
    }
    if (method === 'POST' && url.pathname.startsWith('/api/reviews')) {
      const body = fetched ? await fetched.text() : String(init?.body);
      posts.push({ path: url.pathname, body: JSON.parse(body) });
      return Response.json(postAnswer.body, { status: postAnswer.status });
    }
    if (url.pathname === '/api/reviews/request') {
      calls.push(`${url.pathname}${url.search}`);
      return Response.json(answer.body, { status: answer.status });
    }
    return Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 });
  });
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
const publish = () => fireEvent.click(screen.getByRole('button', { name: 'Publish review' }));

describe('/review/:code', () => {
  it('shows the booking in the vendor’s timezone and the form: stars as radios, a comment, the note', async () => {
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review your booking' })).toBeTruthy();
    expect(calls).toEqual([`/api/reviews/request?token=${TOKEN}`]);
    expect(link('Casa Limpia')).toBe('/public/vendor/casa-limpia');
    expect(screen.getByText('Limpieza profunda')).toBeTruthy();
    expect(screen.getByTestId('review-when').textContent).toMatch(/^Monday, November 23, 2026.* 9:00\sAM$/);
    expect(screen.getByText('Times are Mexico City time')).toBeTruthy();

    const stars = screen.getByRole('group', { name: /^Your rating/ });
    const radios = within(stars).getAllByRole('radio');
    // One group of native radios: Tab stops once, the arrow keys move within it.
    expect(radios.map((r) => r.getAttribute('name'))).toEqual(Array(5).fill('rating'));
    expect(within(stars).getByLabelText('1 star')).toBeTruthy();
    expect(within(stars).getByLabelText('5 stars')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toBeTruthy();
    expect(screen.getByTestId('review-counter').textContent).toBe('0 of 1,000 characters');
    expect(
      screen.getByText(/with your first name and last initial\. It cannot be edited once published/),
    ).toBeTruthy();
  });

  it('asks for a rating before sending, and counts the comment as it is typed', async () => {
    renderAt(URL_OF_PAGE);
    const comment = await screen.findByRole('textbox', { name: 'Comment (optional)' });
    changeValue(comment, 'Muy bien');
    expect(screen.getByTestId('review-counter').textContent).toBe('8 of 1,000 characters');
    publish();
    expect(await screen.findByText('Choose a rating from 1 to 5 stars.')).toBeTruthy();
    const stars = screen.getByRole('group', { name: /^Your rating/ });
    expect(stars.getAttribute('aria-invalid')).toBe('true');
    expect(stars.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(stars.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose a rating from 1 to 5 stars.',
    );

    changeValue(comment, 'x'.repeat(1001));
    expect(screen.getByTestId('review-counter').textContent).toBe('1,001 of 1,000 characters');
    fireEvent.click(within(stars).getByLabelText('3 stars'));
    publish();
    expect(await screen.findByText('The comment can have at most 1,000 characters.')).toBeTruthy();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('publishes the review and shows it, with a link to the profile’s reviews', async () => {
    postAnswer = {
      status: 201,
      body: {
        review: { ...given, comment: 'Muy puntual.' },
        vendor: { slug: 'casa-limpia', rating_average: 4.5, rating_count: 2 },
      },
    };
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByLabelText('4 stars'));
    expect(screen.getByText('4 of 5')).toBeTruthy();
    changeValue(screen.getByRole('textbox', { name: 'Comment (optional)' }), '  Muy puntual.  ');
    publish();

    const thanks = await screen.findByRole('heading', { name: 'Thanks! Your review is published.' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(posts).toEqual([
      { path: '/api/reviews', body: { token: TOKEN, rating: 4, comment: 'Muy puntual.' } },
    ]);
    expect(link('See it on Casa Limpia’s profile')).toBe('/public/vendor/casa-limpia?tab=reviews');
    expect(screen.getByRole('img', { name: 'You rated it 4 stars out of 5' })).toBeTruthy();
    expect(screen.getByTestId('my-review-comment').textContent).toBe('Muy puntual.');
    expect(screen.queryByRole('button', { name: 'Publish review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my review' })).toBeTruthy();
  });

  it('sends no comment as null', async () => {
    postAnswer = {
      status: 201,
      body: {
        review: { ...given, comment: null },
        vendor: { slug: 'casa-limpia', rating_average: 5, rating_count: 1 },
      },
    };
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByLabelText('5 stars'));
    publish();
    expect(await screen.findByText('Thanks! Your review is published.')).toBeTruthy();
    expect(posts[0]?.body).toEqual({ token: TOKEN, rating: 5, comment: null });
  });

  it.each([
    [409, reviewMessages.alreadyReviewed],
    [410, reviewMessages.linkExpired],
    [422, reviewMessages.notEnded],
    [422, reviewMessages.didNotTakePlace],
  ])('shows the server’s %i refusal in its words: %s', async (status, message) => {
    postAnswer = refusal(status, message);
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByLabelText('2 stars'));
    publish();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    // The form stays, with what was written.
    expect(screen.getByRole('button', { name: 'Publish review' })).toBeTruthy();
    expect(screen.queryByText('Thanks! Your review is published.')).toBeNull();
  });

  it('words a refusal the page does not know by its code, never with the server’s English', async () => {
    postAnswer = refusal(422, 'A refusal the page does not know yet.');
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByLabelText('2 stars'));
    publish();
    expect((await screen.findByRole('alert')).textContent).toBe('This cannot be done yet.');
  });

  it('says a failure that is not a refusal as one to try again', async () => {
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByLabelText('2 stars'));
    publish();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your review could not be published. Try again.',
    );
  });

  it('says why a booking cannot be reviewed, with the way to its booking page', async () => {
    answer = {
      status: 200,
      body: { ...request, can_review: false, refusal: reviewMessages.didNotTakePlace },
    };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { name: 'This booking cannot be reviewed' })).toBeTruthy();
    expect(screen.getByTestId('review-refusal').textContent).toBe(reviewMessages.didNotTakePlace);
    expect(screen.queryByRole('button', { name: 'Publish review' })).toBeNull();
    // The review link is the booking page's own.
    expect(link('Open your booking')).toBe(`/booking/ABC234?token=${TOKEN}`);
    expect(link('See Casa Limpia’s profile')).toBe('/public/vendor/casa-limpia');
  });

  it('shows the review given, the vendor’s answer, and deletes it after asking', async () => {
    answer = {
      status: 200,
      body: {
        ...request,
        can_review: false,
        review: { ...given, answer: { text: '¡Gracias, Ana!', created_at: '2026-11-25T18:00:00.000Z' } },
      },
    };
    postAnswer = { status: 200, body: { ...given, status: 'deleted', comment: null } };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('img', { name: 'You rated it 4 stars out of 5' })).toBeTruthy();
    // The customer's words are text: a tag in them is shown, not run.
    expect(screen.getByTestId('my-review-comment').textContent).toBe(given.comment);
    expect(screen.getByText('Written on November 24, 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Response from Casa Limpia' })).toBeTruthy();
    expect(screen.getByText('¡Gracias, Ana!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish review' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete my review' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete your review?' });
    expect(confirm.textContent).toContain('This booking cannot be reviewed again.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete my review' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete review' }),
    );
    const deleted = await screen.findByRole('heading', { name: 'Your review was deleted.' });
    expect(posts).toEqual([{ path: `/api/reviews/${REVIEW_ID}/delete`, body: { token: TOKEN } }]);
    await waitFor(() => expect(document.activeElement).toBe(deleted));
    expect(screen.getByText('It no longer shows on Casa Limpia’s profile.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /You rated it/ })).toBeNull();
  });

  it('says when a delete is refused', async () => {
    answer = { status: 200, body: { ...request, can_review: false, review: given } };
    postAnswer = refusal(404, reviewMessages.notFound);
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my review' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete review' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Review not found.');
    expect(screen.getByRole('img', { name: 'You rated it 4 stars out of 5' })).toBeTruthy();
  });

  it('shows a review Barrio hid, with the reason', async () => {
    answer = {
      status: 200,
      body: {
        ...request,
        can_review: false,
        review: { ...given, rating: 1, status: 'hidden', hidden_reason: 'It names a person.' },
      },
    };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByText('Hidden by Barrio: It names a person.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'You rated it 1 star out of 5' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete my review' })).toBeTruthy();
  });

  it('says a review deleted before is gone, with nothing to send', async () => {
    answer = {
      status: 200,
      body: { ...request, can_review: false, review: { ...given, status: 'deleted', comment: null } },
    };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { name: 'Your review was deleted.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete my review' })).toBeNull();
  });

  it('says "Review link not found" for an unknown token, and without one asks nothing', async () => {
    answer = refusal(404, reviewMessages.notFound);
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review link not found' })).toBeTruthy();
    expect(link('Go to Barrio')).toBe('/');
    cleanup();

    calls = [];
    renderAt('/review/ABC234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review link not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('takes a signed-in owner without the link to their review page', async () => {
    signedIn = {
      me: { id: 'u', email: 'ana@example.test', name: 'Ana' },
      bookings: [{ code: 'ABC234', manage_path: '/booking/ABC234?token=m', review_path: URL_OF_PAGE }],
    };
    const router = renderAt('/review/ABC234');
    expect(await screen.findByRole('button', { name: 'Publish review' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?token=${TOKEN}`);
  });

  it('offers a retry when the server fails', async () => {
    answer = { status: 500, body: { error: { code: 'internal', message: 'boom' } } };
    renderAt(URL_OF_PAGE, { retry: false });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your booking.');
    answer = { status: 200, body: request };
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Publish review' })).toBeTruthy();
  });

  it('speaks Spanish: the date, the stars, the form, a refusal and the thanks', async () => {
    await i18n.changeLanguage('es-MX');
    postAnswer = refusal(422, reviewMessages.notEnded);
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reseña tu reserva' })).toBeTruthy();
    expect(screen.getByTestId('review-when').textContent).toMatch(
      /^lunes, 23 de noviembre de 2026.* 9:00\sa\.\s?m\.$/,
    );
    expect(screen.getByText('Horarios en hora de Ciudad de México')).toBeTruthy();
    const stars = screen.getByRole('group', { name: /^Tu calificación/ });
    expect(within(stars).getByLabelText('1 estrella')).toBeTruthy();
    expect(screen.getByTestId('review-counter').textContent).toBe('0 de 1,000 caracteres');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar reseña' }));
    expect(await screen.findByText('Elige una calificación de 1 a 5 estrellas.')).toBeTruthy();

    fireEvent.click(within(stars).getByLabelText('5 estrellas'));
    fireEvent.click(screen.getByRole('button', { name: 'Publicar reseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Podrás reseñar esta reserva cuando termine la cita.',
    );

    postAnswer = {
      status: 201,
      body: {
        review: { ...given, rating: 5 },
        vendor: { slug: 'casa-limpia', rating_average: 5, rating_count: 1 },
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Publicar reseña' }));
    expect(await screen.findByRole('heading', { name: '¡Gracias! Tu reseña está publicada.' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Le diste 5 estrellas de 5' })).toBeTruthy();
    expect(link('Verla en el perfil de Casa Limpia')).toBe('/public/vendor/casa-limpia?tab=reviews');
    expect(screen.getByRole('button', { name: 'Borrar mi reseña' })).toBeTruthy();
  });
});
