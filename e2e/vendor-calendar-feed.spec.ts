import { expect } from '@playwright/test';
import ICAL from 'ical.js';
import { demo, logInAsVendor } from './support/auth.ts';
import { expectPhoneFriendly, expectTapTargets } from './support/axe.ts';
import { test } from './support/test.ts';

// Calendar sync (decision 091), on a phone: the demo vendor makes its private calendar link on the
// dashboard and copies it; a calendar app — no cookies — fetches it and finds the vendor's bookings,
// read by ical.js; back on the dashboard the link is not shown again, and a new one stops the old;
// the card reads the same in Spanish.
// Other journeys share the demo vendor but none touches its calendar link.

interface ListedBooking {
  id: string;
  status: string;
  start_time: string;
  service_name: string | null;
  customer_name: string;
}

test('a vendor makes a calendar link, a calendar app reads the bookings from it', async ({
  newPhone,
  playwright,
  baseURL,
}) => {
  const { page: v } = await newPhone();
  await v.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await logInAsVendor(v, demo.vendor, demo.password);
  await expect(v).toHaveURL(/\/vendor\/dashboard$/);

  const section = v.getByRole('region', { name: 'Calendar sync' });
  await expect(section.getByText('You have no calendar link yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Create my calendar link' }).click();
  const field = section.getByLabel('Your calendar link');
  await expect(field).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await field.inputValue();
  await section.getByRole('button', { name: 'Copy link' }).click();
  await expect(section.getByText('Link copied')).toBeVisible();
  expect(await v.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await section.getByText('How to add it').click();
  await expect(section.getByText('Google Calendar', { exact: true })).toBeVisible();
  await expectTapTargets(section);
  await expectPhoneFriendly(v);

  // A calendar app: the URL alone, without the vendor's cookies.
  const app = await playwright.request.newContext();
  const res = await app.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Barrio · Brillo Total Limpieza');
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((e) => {
      const event = new ICAL.Event(e);
      return [event.uid, { summary: event.summary, start: event.startDate.toJSDate().toISOString() }];
    }),
  );

  // The dashboard's bookings that still hold their time, from 30 days ago on, are all in it.
  const listed = (await (await v.request.get('/api/vendor/bookings')).json()) as { items: ListedBooking[] };
  const monthAgo = Date.now() - 30 * 24 * 60 * 60_000;
  const held = listed.items.filter(
    (b) => ['confirmed', 'paid'].includes(b.status) && Date.parse(b.start_time) >= monthAgo,
  );
  expect(held.length).toBeGreaterThan(0);
  for (const booking of held)
    expect(events.get(`${booking.id}@barrio`)).toEqual({
      summary: `${booking.service_name} · ${booking.customer_name}`,
      start: booking.start_time,
    });

  // Back on the dashboard the link is not shown again; a new one stops the old.
  await v.reload();
  await expect(section.getByText(/^Your calendar link has worked since /)).toBeVisible();
  await expect(section.getByLabel('Your calendar link')).toHaveCount(0);
  await section.getByRole('button', { name: 'Create a new link' }).click();
  const dialog = v.getByRole('alertdialog', { name: 'Replace your calendar link?' });
  await dialog.getByRole('button', { name: 'Yes, create a new link' }).click();
  await expect(section.getByLabel('Your calendar link')).not.toHaveValue(url);
  const renewed = await section.getByLabel('Your calendar link').inputValue();
  expect((await app.get(url)).status()).toBe(404);
  expect((await app.get(renewed)).status()).toBe(200);
  await expectPhoneFriendly(v);
  await app.dispose();

  // In Spanish, the card says the same.
  await v.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await v.reload();
  const tarjeta = v.getByRole('region', { name: 'Sincroniza tu calendario' });
  await expect(tarjeta.getByText(/^Tu enlace de calendario funciona desde el /)).toBeVisible();
  await expect(tarjeta.getByRole('button', { name: 'Crear un enlace nuevo' })).toBeVisible();
  await expectPhoneFriendly(v);
});
