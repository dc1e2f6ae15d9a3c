import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TimeOff, TimeOffBooking, TimeOffList } from '../../../../shared/time-off.schemas.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { changeValue } from '../../../test/change-value.ts';
import { renderWithProviders, setUpComponentTests, stubFetch } from '../../../test/component-test.tsx';
import { TimeOffSection } from './time-off-section.tsx';

// The dashboard's Time off (decision 090) with the API stubbed at fetch: the list with its bookings
// inside, a whole day and some hours added (hours in the vendor's zone, whatever the browser's),
// a refusal in the page's language, and a delete.

const ZONE = 'America/Mexico_City';
const booking: TimeOffBooking = {
  id: '5b1f0c2e-7a3d-4e8f-9b6a-1c2d3e4f5a6b',
  code: 'XK7P2M',
  status: 'confirmed',
  start_time: '2026-12-24T16:00:00.000Z',
  end_time: '2026-12-24T17:00:00.000Z',
  customer_name: 'Ana López',
  service_name: 'Limpieza profunda',
};
const holidays: TimeOff & { bookings: TimeOffBooking[] } = {
  id: '0c6a1f4e-1b7d-4b59-9a43-1f2d3c4b5a61',
  start: '2026-12-24T06:00:00.000Z',
  end: '2026-12-26T06:00:00.000Z',
  all_day: true,
  first_day: '2026-12-24',
  last_day: '2026-12-25',
  reason: 'Navidad',
  timezone: ZONE,
  bookings: [booking],
};

let items: TimeOffList['items'];
let posts: unknown[];
let deletes: string[];
let refuse: boolean;

setUpComponentTests(['vendor']);

beforeEach(async () => {
  items = [holidays];
  posts = [];
  deletes = [];
  refuse = false;
  stubFetch(async (url, init) => {
    if (url.pathname === '/api/auth/get-session') return Response.json(null);
    if (url.pathname === '/api/vendor/time-off' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { from: string; to: string; reason?: string };
      posts.push(body);
      if (refuse)
        return Response.json(
          { error: { code: 'validation_failed', reason: 'time_off_in_past', message: 'In the past.' } },
          { status: 400 },
        );
      const created: TimeOff = {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        start: body.from,
        end: body.to,
        all_day: false,
        first_day: null,
        last_day: null,
        reason: body.reason ?? null,
        timezone: ZONE,
      };
      items = [...items, { ...created, bookings: [booking] }];
      return Response.json({ time_off: created, bookings: [booking] }, { status: 201 });
    }
    const one = /^\/api\/vendor\/time-off\/([^/]+)$/.exec(url.pathname);
    if (one && init?.method === 'DELETE') {
      deletes.push(one[1]!);
      items = items.filter((t) => t.id !== one[1]);
      return Response.json({ id: one[1] });
    }
    if (url.pathname === '/api/vendor/time-off') return Response.json({ items, timezone: ZONE });
    return Response.json(null, { status: 404 });
  });
  await i18n.changeLanguage('es-MX');
});

function renderSection() {
  renderWithProviders(<TimeOffSection />);
  return screen.getByRole('region', { name: /^(Días libres|Time off)$/ });
}

describe('TimeOffSection', () => {
  it('lists each time off with its reason and the bookings inside it, each with its hours and status', async () => {
    const region = renderSection();
    expect(await within(region).findByText('24–25 de dic de 2026')).toBeTruthy();
    expect(within(region).getByText('Navidad')).toBeTruthy();
    expect(within(region).getByText(/Ya hay 1 reserva dentro de estos días libres/)).toBeTruthy();
    const inside = within(region).getByText(/^Reserva XK7P2M: .*Ana López/);
    // From its start to its end, whatever part of it the time off covers.
    expect(inside.textContent).toMatch(/24 dic 2026, 10:00.*–.*11:00/);
    expect(inside.textContent).toContain('(Confirmada)');
    expect(within(region).getByText('Horarios en hora de Ciudad de México.')).toBeTruthy();
  });

  it('reads the same in English', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    expect(await within(region).findByText(/^Dec 24\s–\s25, 2026$/)).toBeTruthy();
    expect(within(region).getByText(/1 booking is already inside this time off/)).toBeTruthy();
    expect(
      within(region).getByRole('button', { name: /^Delete time off Dec 24\s–\s25, 2026$/ }),
    ).toBeTruthy();
  });

  it('adds whole days as dates, and some hours as the vendor’s wall-clock times', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Add time off' }));
    const form = within(region).getByRole('form', { name: 'New time off' });
    changeValue(within(form).getByLabelText('First day'), '2027-01-05');
    changeValue(within(form).getByLabelText('Last day'), '2027-01-07');
    changeValue(within(form).getByLabelText('Reason (optional)'), ' Vacaciones ');
    fireEvent.click(within(form).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(posts).toEqual([{ from: '2027-01-05', to: '2027-01-07', reason: 'Vacaciones' }]),
    );

    // The form closes; the new time off is listed with the booking it covers, once.
    await waitFor(() => expect(within(region).queryByRole('form')).toBeNull());
    expect(await within(region).findAllByText(/^Booking XK7P2M/)).toHaveLength(2);

    fireEvent.click(await within(region).findByRole('button', { name: 'Add time off' }));
    const hours = within(region).getByRole('form', { name: 'New time off' });
    fireEvent.click(within(hours).getByRole('radio', { name: 'Some hours' }));
    changeValue(within(hours).getByLabelText('Day'), '2027-01-08');
    changeValue(within(hours).getByLabelText('From'), '14:00');
    changeValue(within(hours).getByLabelText('Until'), '16:30');
    fireEvent.click(within(hours).getByRole('button', { name: 'Block' }));
    // 14:00–16:30 in Mexico City (UTC−6).
    await waitFor(() =>
      expect(posts[1]).toEqual({ from: '2027-01-08T20:00:00.000Z', to: '2027-01-08T22:30:00.000Z' }),
    );
  });

  it('says why the server refused, in the page’s language, and keeps the form', async () => {
    refuse = true;
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Agregar días libres' }));
    const form = within(region).getByRole('form', { name: 'Nuevos días libres' });
    changeValue(within(form).getByLabelText('Primer día'), '2026-01-05');
    fireEvent.click(within(form).getByRole('button', { name: 'Bloquear' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Los días libres pueden empezar hoy o después, no antes.',
    );
  });

  it('asks for the times of hours off before sending anything', async () => {
    await i18n.changeLanguage('en');
    const region = renderSection();
    fireEvent.click(await within(region).findByRole('button', { name: 'Add time off' }));
    const form = within(region).getByRole('form', { name: 'New time off' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Some hours' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Block' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose the dates and times.');
    expect(posts).toEqual([]);
  });

  it('deletes a time off', async () => {
    const region = renderSection();
    fireEvent.click(
      await within(region).findByRole('button', { name: 'Borrar días libres 24–25 de dic de 2026' }),
    );
    await waitFor(() => expect(deletes).toEqual([holidays.id]));
    expect(await within(region).findByText('No tienes días libres próximos.')).toBeTruthy();
  });
});
