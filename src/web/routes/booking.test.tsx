import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadRouteAt } from '../app/router.tsx';
import { i18n } from '../i18n/i18n.ts';
import { changeValue } from '../test/change-value.ts';
import { renderAt } from '../test/render-route.tsx';

// The customer's booking page (/booking/:code?token=) against a stubbed API. Every time is
// a fixed instant: what the page shows never depends on today's date.

const TOKEN = 'tok_'.padEnd(54, 'x');
const URL_OF_PAGE = `/booking/ABC234?token=${TOKEN}`;
const CALENDAR_URL = `/api/bookings/manage/calendar.ics?token=${TOKEN}`;
const PAYMENT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';

const awaitingPayment = {
  code: 'ABC234',
  status: 'awaiting_payment',
  vendor: { name: 'Casa Limpia', slug: 'casa-limpia', whatsapp: '5215512345678' },
  service_name: 'Limpieza profunda',
  // 15:00 UTC is 9:00 in Mexico City.
  start_time: '2026-11-23T15:00:00.000Z',
  end_time: '2026-11-23T16:30:00.000Z',
  timezone: 'America/Mexico_City',
  amount_mxn: 45_000,
  requested_at: '2026-11-20T16:00:00.000Z',
  confirmed_at: '2026-11-20T18:30:00.000Z',
  paid_at: null,
  ended_at: null,
  cancel_reason: null,
  answer_due_at: null,
  payment_due_at: '2026-11-21T18:30:00.000Z',
  payment_url: PAYMENT_URL,
  calendar_url: CALENDAR_URL,
  service_id: '5b0c5a4e-6f1e-4a53-9a3e-2f7d2f1a0c11',
  cancel_note: null,
  rescheduled_at: null,
  // 24 hours before the start: 9:00 on Sunday in Mexico City.
  change_deadline: '2026-11-22T15:00:00.000Z',
  cancel_deadline: '2026-11-22T15:00:00.000Z',
  cancellation_policy: 'flexible',
  can_cancel: true,
  can_reschedule: true,
  refund_on_cancel_mxn: 0,
  can_review: false,
  review_path: null,
  refund: null,
  outcome: null,
  proposal: null,
  decline_note: null,
  offered: null,
};
const pending = {
  ...awaitingPayment,
  status: 'pending_vendor',
  vendor: { ...awaitingPayment.vendor, whatsapp: null },
  confirmed_at: null,
  answer_due_at: '2026-11-21T16:00:00.000Z',
  payment_due_at: null,
  payment_url: null,
};
const cancelledUnpaid = {
  ...awaitingPayment,
  status: 'cancelled',
  ended_at: '2026-11-21T18:31:00.000Z',
  cancel_reason: 'payment_timeout',
  payment_due_at: null,
  payment_url: null,
  change_deadline: null,
  can_cancel: false,
  can_reschedule: false,
};
const paid = {
  ...awaitingPayment,
  status: 'paid',
  paid_at: '2026-11-20T19:00:00.000Z',
  payment_due_at: null,
  payment_url: null,
  refund_on_cancel_mxn: 45_000,
};
// Within 24 hours of the start: changes are the vendor's now.
const tooLate = { ...paid, can_cancel: false, can_reschedule: false };
const SLOTS = ['2026-11-24T15:00:00.000Z', '2026-11-24T16:00:00.000Z', '2026-11-25T17:00:00.000Z'];

type Answer = { status: number; body: unknown };
let answer: Answer;
let slotsAnswer: Answer;
let changeAnswer: Answer;
let calls: string[];
let posts: { path: string; body: unknown }[];

const conflict = (reason: string): Answer => ({
  status: 409,
  body: { error: { code: 'conflict', message: 'Refused.', details: { reason } } },
});

let signedIn: { me: unknown; bookings: unknown[] } | undefined;

// The screen's module is here before the first test, as in the browser once its chunk has loaded:
// the first render then waits on the stubbed API only, never on transforming the module.
beforeAll(() => preloadRouteAt('/booking/ABC234'));

beforeEach(async () => {
  signedIn = undefined;
  calls = [];
  posts = [];
  answer = { status: 200, body: awaitingPayment };
  slotsAnswer = { status: 200, body: { slots: SLOTS, timezone: 'America/Mexico_City' } };
  changeAnswer = { status: 500, body: { error: { code: 'internal', message: 'unexpected' } } };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(String(request ? request.url : input), 'http://localhost');
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    // Nobody is signed in, unless a test signs someone in.
    if (url.pathname === '/api/auth/get-session')
      return Response.json(signedIn ? { session: { id: 's' }, user: { id: 'u' } } : null);
    if (signedIn && url.pathname === '/api/me') return Response.json(signedIn.me);
    if (signedIn && url.pathname === '/api/me/bookings') {
      calls.push(url.pathname);
      return Response.json({ items: signedIn.bookings });
    }
    if (method === 'POST' && url.pathname.startsWith('/api/bookings/manage/')) {
      const body = request ? await request.text() : String(init?.body);
      posts.push({ path: url.pathname, body: JSON.parse(body) });
      return Response.json(changeAnswer.body, { status: changeAnswer.status });
    }
    if (url.pathname === '/api/bookings/manage/availability') {
      calls.push(`${url.pathname}${url.search}`);
      return Response.json(slotsAnswer.body, { status: slotsAnswer.status });
    }
    if (url.pathname === '/api/bookings/manage') {
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
// The timeline's steps (a toast's list is another list on the page).
const timelineSteps = async () =>
  within(await screen.findByRole('region', { name: 'Progress' })).getAllByRole('listitem');

describe('/booking/:code', () => {
  it('shows a booking awaiting payment: what, when, how much, the deadline, Pay now and the calendar', async () => {
    renderAt(URL_OF_PAGE);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Limpieza profunda with Casa Limpia');
    expect(calls).toEqual([`/api/bookings/manage?token=${TOKEN}`]);
    expect(link('Casa Limpia')).toBe('/public/vendor/casa-limpia');
    expect(screen.getByTestId('booking-when').textContent).toMatch(/^Monday, November 23, 2026.* 9:00\sAM$/);
    expect(screen.getByText('Times are Mexico City time')).toBeTruthy();
    expect(screen.getByText('1 h 30 min')).toBeTruthy();
    expect(screen.getByTestId('booking-amount').textContent).toBe('$450 MXN');
    expect(screen.getByText('ABC234')).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Status: Awaiting payment');

    // The timeline: requested and confirmed, with their times; paid is the step now.
    const steps = await timelineSteps();
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Requested',
      'Confirmed by the vendor',
      'Paid',
    ]);
    expect(steps[1]?.textContent).toMatch(/Nov 20, 2026.* 12:30\sPM/);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');

    // 18:30 UTC is 12:30 in Mexico City.
    expect(
      screen.getByText(
        /^The vendor confirmed\. Pay by Saturday, November 21, 2026.* 12:30\sPM or the booking is cancelled\.$/,
      ),
    ).toBeTruthy();
    expect(link('Pay now')).toBe(PAYMENT_URL);
    // On the first screen at 390 px: right under the status, before the details and the timeline.
    const pay = screen.getByRole('link', { name: 'Pay now' });
    expect(
      pay.compareDocumentPosition(screen.getByTestId('booking-when')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(link('Add to calendar (.ics file)')).toBe(CALENDAR_URL);
    expect(link('Add to Google Calendar')).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE' +
        `&text=${encodeURIComponent('Limpieza profunda · Casa Limpia')}` +
        '&dates=20261123T150000Z/20261123T163000Z' +
        `&details=${encodeURIComponent('Booking ABC234 with Casa Limpia, booked on Barrio.')}`,
    );
    expect(link('Message Casa Limpia on WhatsApp')).toBe('https://wa.me/5215512345678');
    // Until 24 hours before the start (9:00 the day before, in Mexico City) it can change online.
    expect(screen.getByTestId('change-deadline').textContent).toMatch(
      /^You can cancel or change it until Sunday, November 22, 2026.* 9:00\sAM\.$/,
    );
    expect(screen.getByRole('button', { name: 'Change date or time' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });

  it('shows a request awaiting the vendor with the answer deadline, and nothing to pay', async () => {
    answer = { status: 200, body: pending };
    renderAt(URL_OF_PAGE);
    expect(
      await screen.findByText(
        /^The vendor usually answers within 8 hours, and at the latest by Saturday, November 21, 2026.* 10:00\sAM\./,
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Status: Awaiting the vendor’s answer');
    const steps = await timelineSteps();
    expect(steps).toHaveLength(3);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[1]?.textContent).toContain('Next step');
    expect(steps[2]?.textContent).toContain('Not yet');
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(link('Add to calendar (.ics file)')).toBe(CALENDAR_URL);
  });

  it('says a booking cancelled unpaid was not paid within 24 hours, with nothing to pay or add', async () => {
    answer = { status: 200, body: cancelledUnpaid };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByText('Not paid in time')).toBeTruthy();
    const steps = await timelineSteps();
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Requested',
      'Confirmed by the vendor',
      'Cancelled',
    ]);
    expect(steps[2]?.textContent).toMatch(/Nov 21, 2026.* 12:31\sPM/);
    expect(
      screen.getByText('It was not paid in time, so it was cancelled. Nothing was charged.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /calendar/i })).toBeNull();
    expect(link('Book another time with Casa Limpia')).toBe('/public/vendor/casa-limpia?tab=services');
  });

  it('gives a free booking no payment step: it is confirmed and nothing is owed', async () => {
    answer = {
      status: 200,
      body: {
        ...awaitingPayment,
        status: 'confirmed',
        amount_mxn: 0,
        payment_due_at: null,
        payment_url: null,
      },
    };
    renderAt(URL_OF_PAGE);
    expect(
      await screen.findByText('It is confirmed and there is nothing to pay: see you at the appointment.'),
    ).toBeTruthy();
    expect(await timelineSteps()).toHaveLength(2);
    expect(screen.getByTestId('booking-amount').textContent).toBe('Free');
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('offers "Leave a review" once a paid booking took place, and "See your review" once given', async () => {
    const reviewPath = '/review/ABC234?token=rev';
    const past = {
      ...paid,
      start_time: '2026-11-10T15:00:00.000Z',
      end_time: '2026-11-10T16:30:00.000Z',
      can_cancel: false,
      can_reschedule: false,
      change_deadline: null,
      took_place: true,
    };
    answer = { status: 200, body: { ...past, can_review: true, review_path: reviewPath } };
    renderAt(URL_OF_PAGE);
    expect((await screen.findByRole('link', { name: 'Leave a review' })).getAttribute('href')).toBe(
      reviewPath,
    );
    // It took place: said so, with nothing left to add to a calendar or to change.
    expect(screen.getByText(/^It took place on /)).toBeTruthy();
    expect(screen.queryByText('It is paid: see you at the appointment.')).toBeNull();
    expect(screen.queryByRole('link', { name: /calendar/i })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Change or cancel' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See your review' })).toBeNull();
    cleanup();

    await i18n.changeLanguage('es-MX');
    renderAt(URL_OF_PAGE);
    expect((await screen.findByRole('link', { name: 'Deja una reseña' })).getAttribute('href')).toBe(
      reviewPath,
    );
    cleanup();

    await i18n.changeLanguage('en');
    answer = { status: 200, body: { ...past, can_review: false, review_path: reviewPath } };
    renderAt(URL_OF_PAGE);
    expect((await screen.findByRole('link', { name: 'See your review' })).getAttribute('href')).toBe(
      reviewPath,
    );
    expect(screen.queryByRole('link', { name: 'Leave a review' })).toBeNull();
    cleanup();

    // Before it took place there is nothing to review.
    answer = { status: 200, body: paid };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /review/ })).toBeNull();
  });

  it('says "Booking not found" for an unknown or expired token, and without one asks nothing', async () => {
    answer = { status: 404, body: { error: { code: 'not_found', message: 'Booking not found.' } } };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(link('Go home')).toBe('/');
    cleanup();

    calls = [];
    renderAt('/booking/ABC234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('takes a signed-in owner without the link to their booking, and anyone else to "Booking not found"', async () => {
    signedIn = {
      me: { id: 'u', email: 'ana@example.test', name: 'Ana' },
      bookings: [
        { code: 'ZZZ999', manage_path: '/booking/ZZZ999?token=other' },
        { code: 'ABC234', manage_path: URL_OF_PAGE },
      ],
    };
    renderAt('/booking/ABC234');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Limpieza profunda with Casa Limpia',
    );
    expect(calls).toEqual(['/api/me/bookings', `/api/bookings/manage?token=${TOKEN}`]);
    cleanup();

    calls = [];
    renderAt('/booking/QQQ777');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(calls).toEqual(['/api/me/bookings']);
  });

  it('offers a retry when the server fails', async () => {
    answer = { status: 500, body: { error: { code: 'internal', message: 'boom' } } };
    renderAt(URL_OF_PAGE, { retry: false });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your booking.');
    answer = { status: 200, body: awaitingPayment };
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Pay now' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('moves the booking to a new time picked in the vendor’s timezone, and shows it', async () => {
    const moved = {
      ...awaitingPayment,
      start_time: '2026-11-25T17:00:00.000Z',
      end_time: '2026-11-25T18:30:00.000Z',
      rescheduled_at: '2026-11-21T10:00:00.000Z',
      change_deadline: '2026-11-24T17:00:00.000Z',
    };
    changeAnswer = { status: 200, body: moved };
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Change date or time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new time' });
    // An unpaid booking keeps its payment deadline.
    expect(dialog.textContent).toMatch(/The payment deadline stays the same: pay by Saturday, November 21/);
    const days = await within(dialog).findByRole('group', { name: 'Day' });
    expect(within(days).getAllByRole('radio')).toHaveLength(2);
    expect(calls).toContain(`/api/bookings/manage/availability?token=${TOKEN}`);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm new time' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(days).getByLabelText('Wed, Nov 25'));
    const times = within(dialog).getByRole('group', { name: 'Time' });
    // 17:00 UTC is 11:00 in Mexico City.
    fireEvent.click(within(times).getByLabelText(/^11:00\sAM$/));
    fireEvent.click(confirm);

    expect(
      await screen.findByText(/^Your booking is now on Wednesday, November 25, 2026.* 11:00\sAM\.$/),
    ).toBeTruthy();
    expect(posts).toEqual([
      {
        path: '/api/bookings/manage/reschedule',
        body: { token: TOKEN, startTime: '2026-11-25T17:00:00.000Z' },
      },
    ]);
    expect(screen.getByTestId('booking-when').textContent).toMatch(
      /^Wednesday, November 25, 2026.* 11:00\sAM$/,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const steps = await timelineSteps();
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Requested',
      'Confirmed by the vendor',
      'You changed the date',
      'Paid',
    ]);
  });

  it.each([
    ['flexible', /less than 24 hours away: once you move to it, only the vendor can change or cancel/],
    ['moderate', /only the vendor can change it, and a cancellation refunds what the booking’s policy gives/],
  ])('warns before a move to a time inside the online-change window (%s)', async (policy, warning) => {
    answer = { status: 200, body: { ...awaitingPayment, cancellation_policy: policy } };
    // 2026-11-24 20:00 UTC: Wed 25 at 11:00 (17:00 UTC) is 21 hours away, Tue 24 already past the window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T20:00:00.000Z'));
    slotsAnswer = {
      status: 200,
      body: {
        slots: ['2026-11-25T17:00:00.000Z', '2026-11-26T21:00:00.000Z'],
        timezone: 'America/Mexico_City',
      },
    };
    try {
      renderAt(URL_OF_PAGE);
      fireEvent.click(await screen.findByRole('button', { name: 'Change date or time' }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose a new time' });
      const days = await within(dialog).findByRole('group', { name: 'Day' });
      fireEvent.click(within(days).getByLabelText('Thu, Nov 26'));
      fireEvent.click(
        within(within(dialog).getByRole('group', { name: 'Time' })).getByLabelText(/^3:00\sPM$/),
      );
      expect(dialog.textContent).not.toMatch(warning);
      fireEvent.click(within(days).getByLabelText('Wed, Nov 25'));
      fireEvent.click(
        within(within(dialog).getByRole('group', { name: 'Time' })).getByLabelText(/^11:00\sAM$/),
      );
      expect(within(dialog).getByRole('status').textContent).toMatch(warning);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when no other time is open, and offers the vendor’s WhatsApp', async () => {
    slotsAnswer = { status: 200, body: { slots: [], timezone: 'America/Mexico_City' } };
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Change date or time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new time' });
    expect(
      await within(dialog).findByText(/^There are no other open times in the next 14 days\./),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Message Casa Limpia on WhatsApp' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm new time' })).toBeNull();
  });

  it('asks for the open times again when the picked one was just taken', async () => {
    changeAnswer = conflict('slot_taken');
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Change date or time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new time' });
    fireEvent.click(
      within(await within(dialog).findByRole('group', { name: 'Time' })).getAllByRole('radio')[0]!,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new time' }));
    expect(await screen.findByText('That time has just been taken. Choose another.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.includes('/availability'))).toHaveLength(2));
    // Still choosing, with nothing picked.
    expect(screen.getByRole('dialog', { name: 'Choose a new time' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm new time' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('cancels a paid booking: the dialog says the full refund, the reason is sent, the refund is on its way', async () => {
    answer = { status: 200, body: paid };
    changeAnswer = {
      status: 200,
      body: {
        ...paid,
        status: 'cancelled',
        ended_at: '2026-11-21T10:00:00.000Z',
        cancel_reason: 'customer',
        cancel_note: 'Me mudé de casa',
        change_deadline: null,
        can_cancel: false,
        can_reschedule: false,
        refund_on_cancel_mxn: 0,
        refund: { amount_mxn: 45_000, status: 'pending', refunded_at: null },
      },
    };
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText('We will refund your $450 MXN in full.')).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason.getAttribute('maxlength')).toBe('500');
    changeValue(reason, '  Me mudé de casa ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('You cancelled your booking.')).toBeTruthy();
    expect(posts).toEqual([
      { path: '/api/bookings/manage/cancel', body: { token: TOKEN, reason: 'Me mudé de casa' } },
    ]);
    expect(screen.getByTestId('booking-status').textContent).toBe('Status: Cancelled');
    const steps = await timelineSteps();
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Requested',
      'Confirmed by the vendor',
      'Paid',
      'Cancelled',
      'Refund of $450 MXN: on its way',
    ]);
    expect(steps[3]?.textContent).toContain('You cancelled this booking');
    expect(steps[3]?.textContent).toContain('Your reason: “Me mudé de casa”');
    expect(steps[4]?.getAttribute('aria-current')).toBe('step');
    expect(
      screen.getByText('You cancelled this booking. Your refund of $450 MXN is on its way.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /cancel booking|change date/i })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Change or cancel' })).toBeNull();
  });

  it('shows the vendor’s proposed time first, and accepting it moves the booking (decision 096)', async () => {
    const proposal = {
      start_time: '2026-11-24T16:00:00.000Z',
      end_time: '2026-11-24T17:30:00.000Z',
      proposed_at: '2026-11-20T20:00:00.000Z',
    };
    answer = { status: 200, body: { ...paid, proposal } };
    changeAnswer = {
      status: 200,
      body: { ...paid, start_time: proposal.start_time, end_time: proposal.end_time, proposal: null },
    };
    renderAt(URL_OF_PAGE);
    const card = await screen.findByRole('region', { name: 'Casa Limpia proposes another time' });
    expect(within(card).getByTestId('proposal-when').textContent).toMatch(
      /^Tuesday, November 24, 2026.* 10:00\sAM$/,
    );
    expect(
      within(card).getByText(
        /^Your booking stays on Monday, November 23, 2026.* 9:00\sAM until you answer\.$/,
      ),
    ).toBeTruthy();
    // On the first screen: before the booking's details.
    expect(
      card.compareDocumentPosition(screen.getByTestId('booking-when')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    fireEvent.click(within(card).getByRole('button', { name: 'Accept the new time' }));
    expect(await screen.findByText(/^Done: your booking is now on Tuesday, November 24, 2026/)).toBeTruthy();
    expect(posts).toEqual([
      {
        path: '/api/bookings/manage/accept-proposal',
        body: { token: TOKEN, proposedStartTime: proposal.start_time },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: /proposes another time/ })).toBeNull());
    expect(screen.getByTestId('booking-when').textContent).toMatch(
      /^Tuesday, November 24, 2026.* 10:00\sAM$/,
    );
  });

  it('keeps the time when the customer says so, and says when the proposal changed meanwhile', async () => {
    const proposal = {
      start_time: '2026-11-24T16:00:00.000Z',
      end_time: '2026-11-24T17:30:00.000Z',
      proposed_at: '2026-11-20T20:00:00.000Z',
    };
    answer = { status: 200, body: { ...paid, proposal } };
    changeAnswer = conflict('changed');
    renderAt(URL_OF_PAGE);
    const card = await screen.findByRole('region', { name: 'Casa Limpia proposes another time' });
    fireEvent.click(within(card).getByRole('button', { name: 'Keep my time' }));
    expect(
      await screen.findByText('That proposal has changed. Here is your booking as it stands now.'),
    ).toBeTruthy();
    expect(posts).toEqual([
      {
        path: '/api/bookings/manage/reject-proposal',
        body: { token: TOKEN, proposedStartTime: proposal.start_time },
      },
    ]);
    // The page asks for the booking again.
    await waitFor(() =>
      expect(calls.filter((call) => call.startsWith('/api/bookings/manage?'))).toHaveLength(2),
    );
  });

  it('shows a decline’s reason and the time offered, with the booking form for it (decision 096)', async () => {
    const bookPath =
      '/public/vendor/casa-limpia?tab=services&service=5b0c5a4e-6f1e-4a53-9a3e-2f7d2f1a0c11&start=2026-11-24T16%3A00%3A00.000Z#book';
    answer = {
      status: 200,
      body: {
        ...pending,
        status: 'declined',
        ended_at: '2026-11-20T17:00:00.000Z',
        can_cancel: false,
        can_reschedule: false,
        change_deadline: null,
        decline_note: 'Ese día estoy fuera',
        offered: { start_time: '2026-11-24T16:00:00.000Z', book_path: bookPath },
      },
    };
    renderAt(URL_OF_PAGE);
    const said = await screen.findByRole('region', { name: 'What Casa Limpia said' });
    expect(within(said).getByText('Reason: “Ese día estoy fuera”')).toBeTruthy();
    expect(within(said).getByTestId('offered-when').textContent).toMatch(
      /^Casa Limpia offers you Tuesday, November 24, 2026.* 10:00\sAM instead\.$/,
    );
    expect(within(said).getByRole('link', { name: 'Book that time' }).getAttribute('href')).toBe(bookPath);
  });

  it('shows a refund made with its date', async () => {
    answer = {
      status: 200,
      body: {
        ...cancelledUnpaid,
        cancel_reason: 'customer',
        refund: { amount_mxn: 45_000, status: 'refunded', refunded_at: '2026-11-22T18:00:00.000Z' },
      },
    };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByText(/^Refunded on Nov 22, 2026.* 12:00\sPM$/)).toBeTruthy();
    expect(screen.getByText('Amount: $450 MXN')).toBeTruthy();
  });

  it('says the vendor cancelled it, with their reason and the refund (decision 094)', async () => {
    answer = {
      status: 200,
      body: {
        ...cancelledUnpaid,
        cancel_reason: 'vendor',
        cancel_note: 'Se descompuso mi camioneta',
        refund: { amount_mxn: 45_000, status: 'refunded', refunded_at: '2026-11-22T18:00:00.000Z' },
      },
    };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByText('The vendor cancelled this booking', { exact: true })).toBeTruthy();
    expect(screen.getByText('Their reason: “Se descompuso mi camioneta”')).toBeTruthy();
    expect(
      screen.getByText('The vendor cancelled this booking; we are sorry. We refunded $450 MXN.'),
    ).toBeTruthy();
  });

  it('says when the vendor marked that the customer did not come, and offers no change (decision 094)', async () => {
    answer = {
      status: 200,
      body: { ...paid, can_cancel: false, can_reschedule: false, change_deadline: null, outcome: 'no_show' },
    };
    renderAt(URL_OF_PAGE);
    expect(
      await screen.findByText(/^The vendor marked that you did not come, so nothing is refunded\./),
    ).toBeTruthy();
    expect(screen.getByText('The vendor marked that you did not come')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Change or cancel' })).toBeNull();
  });

  it('shows the booking’s cancellation policy as its own dates', async () => {
    answer = { status: 200, body: { ...paid, cancellation_policy: 'moderate' } };
    renderAt(URL_OF_PAGE);
    const terms = await screen.findByTestId('booking-cancellation-policy');
    // The start is Monday 23 at 9:00 in Mexico City: 48 and 24 hours before.
    expect(within(terms).getByText('Moderate')).toBeTruthy();
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Full refund if you cancel before Nov 21, 2026, 9:00 AM',
      '50% refunded if you cancel before Nov 22, 2026, 9:00 AM',
      'No refund after that.',
    ]);
    expect(within(terms).getByText('This booking keeps the policy it was booked under.')).toBeTruthy();
  });

  it('under moderate, says half of the payment comes back, and answers with the refund made', async () => {
    const moderate = {
      ...paid,
      cancellation_policy: 'moderate',
      cancel_deadline: paid.start_time,
      can_reschedule: false,
      refund_on_cancel_mxn: 22_500,
    };
    answer = { status: 200, body: moderate };
    changeAnswer = {
      status: 200,
      body: {
        ...moderate,
        status: 'cancelled',
        ended_at: '2026-11-22T10:00:00.000Z',
        cancel_reason: 'customer',
        change_deadline: null,
        cancel_deadline: null,
        can_cancel: false,
        refund_on_cancel_mxn: 0,
        refund: { amount_mxn: 22_500, status: 'pending', refunded_at: null },
      },
    };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByTestId('change-deadline')).toBeTruthy();
    expect(screen.getByTestId('change-deadline').textContent).toMatch(
      /^You can change the time until .*, and cancel until it starts\.$/,
    );
    expect(
      screen.getByText('It is too late to change the time online, but you can still cancel.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByText(
        'Under this booking’s cancellation policy, we will refund $225 MXN of the $450 MXN you paid.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Your refund of $225 MXN is on its way.')).toBeTruthy();
  });

  it('under strict, late, says nothing of the payment comes back', async () => {
    answer = {
      status: 200,
      body: {
        ...paid,
        cancellation_policy: 'strict',
        cancel_deadline: paid.start_time,
        can_reschedule: false,
        refund_on_cancel_mxn: 0,
      },
    };
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByText(
        'Under this booking’s cancellation policy, it is too late for a refund: the $450 MXN you paid will not be refunded.',
      ),
    ).toBeTruthy();
  });

  it('within 24 hours of the start offers no Cancel or Reschedule: the rule, and the vendor’s WhatsApp', async () => {
    answer = { status: 200, body: tooLate };
    renderAt(URL_OF_PAGE);
    const rule = await screen.findByTestId('change-rule');
    expect(rule.textContent).toBe(
      'Bookings can be cancelled or changed online up to 24 hours before they start. ' +
        'To change this one, message the vendor on WhatsApp.',
    );
    expect(screen.queryByRole('button', { name: /cancel|change date/i })).toBeNull();
    expect(screen.queryByTestId('change-deadline')).toBeNull();
    // The one WhatsApp link, beside the rule.
    const changes = screen.getByRole('region', { name: 'Change or cancel' });
    expect(within(changes).getByRole('link', { name: 'Message Casa Limpia on WhatsApp' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /WhatsApp/ })).toHaveLength(1);
  });

  it('on a 409 `changed` says so and shows the booking as it now stands', async () => {
    changeAnswer = conflict('changed');
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText('Cancelling is free: nothing has been paid.')).toBeTruthy();
    // Meanwhile the payment deadline passed.
    answer = { status: 200, body: cancelledUnpaid };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(
      await screen.findByText('This booking has just changed; here is where it stands now.'),
    ).toBeTruthy();
    expect(await screen.findByText('Not paid in time')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('/api/bookings/manage?'))).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on a 409 `too_late` says it is too late and asks for the booking again', async () => {
    changeAnswer = conflict('too_late');
    renderAt(URL_OF_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    answer = { status: 200, body: { ...awaitingPayment, can_cancel: false, can_reschedule: false } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(
      await screen.findByText('It is too late to do this online; here is where the booking stands now.'),
    ).toBeTruthy();
    expect(await screen.findByTestId('change-rule')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('/api/bookings/manage?'))).toHaveLength(2);
  });

  it('speaks Spanish: the booking, its deadline and its actions; and "Reserva no encontrada"', async () => {
    await i18n.changeLanguage('es-MX');
    renderAt(URL_OF_PAGE);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Limpieza profunda con Casa Limpia');
    expect(screen.getByTestId('booking-when').textContent).toMatch(/^lunes, 23 de noviembre de 2026.* 9:00/);
    expect(screen.getByText('Horarios en hora de Ciudad de México')).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Estado: Pendiente de pago');
    expect(screen.getByRole('heading', { level: 2, name: 'Qué sigue' })).toBeTruthy();
    expect(
      screen.getByText(/^El proveedor confirmó\. Paga antes del sábado, 21 de noviembre de 2026.* 12:30/),
    ).toBeTruthy();
    expect(link('Pagar ahora')).toBe(PAYMENT_URL);
    expect(link('Agregar a Google Calendar')).toContain('&dates=20261123T150000Z/20261123T163000Z');
    expect(link('Escribir a Casa Limpia por WhatsApp')).toBe('https://wa.me/5215512345678');
    expect(screen.getByRole('heading', { level: 2, name: 'Cambiar o cancelar' })).toBeTruthy();
    expect(screen.getByTestId('change-deadline').textContent).toMatch(
      /^Puedes cancelar o cambiarla hasta el domingo, 22 de noviembre de 2026.* 9:00/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar reserva' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta reserva?' });
    expect(within(dialog).getByLabelText('Motivo (opcional)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    answer = { status: 200, body: tooLate };
    renderAt(URL_OF_PAGE);
    expect((await screen.findByTestId('change-rule')).textContent).toBe(
      'Las reservas se cancelan o cambian en línea hasta 24 horas antes de empezar. ' +
        'Para cambiar esta, escribe al proveedor por WhatsApp.',
    );
    cleanup();

    answer = { status: 404, body: { error: { code: 'not_found', message: 'x' } } };
    renderAt(URL_OF_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserva no encontrada' })).toBeTruthy();
    expect(link('Ir al inicio')).toBe('/');
  });
});
