import { expect } from '@playwright/test';
import { demo, logInAsVendor } from './support/auth.ts';
import { expectPhoneFriendly, expectTapTargets } from './support/axe.ts';
import { test } from './support/test.ts';

// The agenda (decision 093), on a phone: the demo vendor's dashboard opens on the requests waiting
// for an answer, each with its deadline; the list filters to past bookings; the day and week views
// walk to the next booking; then the same in Spanish. Read only: other journeys answer and book the
// demo vendor.

interface Agenda {
  timezone: string;
  items: { code: string; start_time: string; customer_name: string; status: string }[];
}

test('the vendor sees the requests first, filters to past bookings, opens the day and week views', async ({
  newPhone,
}) => {
  const { page: v } = await newPhone();
  await logInAsVendor(v, demo.vendor, demo.password);
  await expect(v).toHaveURL(/\/vendor\/dashboard$/);

  const agenda = v.getByRole('region', { name: 'Agenda' });
  const requests = agenda.getByRole('region', { name: /^Requests to answer/ });
  // The demo data keeps requests the vendor can answer; each says by when.
  const request = requests.getByRole('article').first();
  await expect(request.getByText(/^Answer by /)).toBeVisible();
  await expect(request.getByRole('button', { name: /^Confirm booking / })).toBeVisible();
  // The section comes before everything else the dashboard shows of the bookings.
  const sections = await v
    .getByRole('region')
    .evaluateAll((all) => all.map((s) => s.getAttribute('aria-labelledby')));
  expect(sections.indexOf('agenda-title')).toBeLessThan(sections.indexOf('agenda-stats-title'));
  await expect(v.getByRole('region', { name: 'This month' }).getByText('Bookings')).toBeVisible();
  await expectPhoneFriendly(v);
  await expectTapTargets(agenda);

  // Past: the latest first, as the server answers them.
  await agenda.getByRole('button', { name: 'Past' }).click();
  await expect(agenda.getByRole('button', { name: 'Past' })).toHaveAttribute('aria-pressed', 'true');
  const past = (await (await v.request.get('/api/vendor/agenda?status=past')).json()) as Agenda;
  expect(past.items.length).toBeGreaterThan(0);
  const listed = agenda.getByRole('list').last().getByRole('article');
  await expect(listed.first()).toHaveAccessibleName(`Booking ${past.items[0]!.code}`);
  await expect(listed).toHaveCount(past.items.length);
  await expectPhoneFriendly(v);

  // The day view opens on today in the vendor's zone; "Next day" walks to the next booking's day.
  const upcoming = (await (await v.request.get('/api/vendor/agenda?status=upcoming')).json()) as Agenda;
  const next = upcoming.items[0]!;
  const dayOf = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: upcoming.timezone }).format(new Date(iso));
  await agenda.getByRole('button', { name: 'Day', exact: true }).click();
  const heading = (iso: string) =>
    new Intl.DateTimeFormat('en', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: upcoming.timezone,
    }).format(new Date(iso));
  await expect(agenda.getByRole('heading', { name: heading(new Date().toISOString()) })).toBeVisible();
  const days = Math.round(
    (Date.parse(dayOf(next.start_time)) - Date.parse(dayOf(new Date().toISOString()))) / 86_400_000,
  );
  for (let i = 0; i < days; i++) await agenda.getByRole('button', { name: 'Next day' }).click();
  await expect(agenda.getByRole('heading', { name: heading(next.start_time) })).toBeVisible();
  await expect(agenda.getByRole('article', { name: `Booking ${next.code}` })).toBeVisible();
  await expectPhoneFriendly(v);
  if (days > 0) {
    await agenda.getByRole('button', { name: 'Back to today' }).click();
    await expect(agenda.getByRole('heading', { name: heading(new Date().toISOString()) })).toBeVisible();
  }
  await agenda.getByRole('button', { name: 'Previous day' }).click();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  await expect(agenda.getByRole('heading', { name: heading(yesterday) })).toBeVisible();

  // The week from Monday, each day under its own heading, the next booking on its day.
  await agenda.getByRole('button', { name: 'Week', exact: true }).click();
  const weekDays = agenda.getByRole('region', {
    name: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), /,
  });
  await expect(weekDays).toHaveCount(7);
  await expect(weekDays.first()).toHaveAccessibleName(/^Monday, /);
  const weeks = Math.floor(
    (days + ((new Date(`${dayOf(new Date().toISOString())}T12:00:00Z`).getUTCDay() + 6) % 7)) / 7,
  );
  for (let i = 0; i < weeks; i++) await agenda.getByRole('button', { name: 'Next week' }).click();
  const nextDay = agenda.getByRole('region', {
    name: heading(next.start_time).replace(/, \d{4}$/, ''),
    exact: true,
  });
  await expect(nextDay.getByRole('article', { name: `Booking ${next.code}` })).toBeVisible();
  await expectPhoneFriendly(v);

  // In Spanish: the requests with "Responde antes de …", the chips and this month's numbers.
  await v.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await v.reload();
  const agendaEs = v.getByRole('region', { name: 'Agenda' });
  const solicitudes = agendaEs.getByRole('region', { name: /^Solicitudes por responder/ });
  await expect(
    solicitudes
      .getByRole('article')
      .first()
      .getByText(/^Responde antes de /),
  ).toBeVisible();
  await expect(agendaEs.getByRole('button', { name: 'Próximas' })).toHaveAttribute('aria-pressed', 'true');
  await agendaEs.getByRole('button', { name: 'Canceladas' }).click();
  await expect(agendaEs.getByRole('button', { name: 'Canceladas' })).toHaveAttribute('aria-pressed', 'true');
  await expect(v.getByRole('region', { name: 'Este mes' }).getByText('Reservas')).toBeVisible();
  await expectPhoneFriendly(v);
});
