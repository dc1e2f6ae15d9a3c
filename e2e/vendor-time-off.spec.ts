import { expect } from '@playwright/test';
import { expectNoAxeViolations, expectPhoneFriendly, expectTapTargets } from './support/axe.ts';
import { test } from './support/test.ts';
import { ownVendorSignedIn } from './support/vendor-signup.ts';

// A vendor's time off (decision 090) on a phone: a vendor of its own blocks the first day its
// profile offers, from the dashboard's Time off section; that day's times disappear from the public
// profile's booking form, and come back once the vendor deletes the time off.

test.describe.configure({ timeout: 90_000 });

const ZONE = 'America/Mexico_City';
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

test('the vendor blocks a day and its times disappear from the public profile', async ({
  browser,
  baseURL,
  newPhone,
}) => {
  const vendorSide = await newPhone();
  const customer = await newPhone();
  const v = vendorSide.page;
  const { slug, serviceId } = await ownVendorSignedIn(
    v,
    { browser, baseURL: baseURL! },
    {
      business_name: `Uñas Día Libre ${Date.now().toString(36)}`,
      business_phone: '55 4444 5555',
      emailKey: 'dia-libre',
      password: 'DiaLibre#2026',
      service: { name: 'Manicure', price_cents: 25_000, duration_minutes: 60 },
    },
  );

  // The first day the profile offers, as the booking form shows it.
  const slotsOf = async () => {
    const res = await customer.page.request.get(`/api/vendors/${slug}/availability?serviceId=${serviceId}`);
    return ((await res.json()) as { slots: string[] }).slots;
  };
  const first = dayOf((await slotsOf())[0]!);
  const page = customer.page;
  await page.goto(`/public/vendor/${slug}?tab=services`);
  const form = page.getByRole('region', { name: 'Book a service' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  const days = form.getByRole('group', { name: 'Day' }).locator('label');
  await expect(days.first()).toBeVisible();
  const firstLabel = ((await days.first().textContent()) ?? '').trim();

  // The vendor blocks that day, whole, with a reason.
  await v.reload();
  const section = v.getByRole('region', { name: 'Time off' });
  await expect(section.getByText('No time off ahead.')).toBeVisible();
  await section.getByRole('button', { name: 'Add time off' }).click();
  const add = section.getByRole('form', { name: 'New time off' });
  await add.getByLabel('First day').fill(first);
  await add.getByLabel('Last day').fill(first);
  await add.getByLabel('Reason (optional)').fill('Vacaciones');
  await expectTapTargets(add);
  await expectPhoneFriendly(v);
  await add.getByRole('button', { name: 'Block' }).click();
  await expect(v.getByText('Time off added. Customers can no longer book it.')).toBeVisible();
  const item = section.getByRole('listitem').filter({ hasText: 'Vacaciones' });
  await expect(item).toBeVisible();
  await expectPhoneFriendly(v);

  // The public profile no longer offers that day.
  await page.reload();
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  await expect(days.first()).toBeVisible();
  await expect(days.filter({ hasText: firstLabel })).toHaveCount(0);
  expect((await slotsOf()).filter((slot) => dayOf(slot) === first)).toEqual([]);
  await expectNoAxeViolations(page);

  // Deleted, the day is offered again.
  await item.getByRole('button', { name: /^Delete time off / }).click();
  await expect(v.getByText('Time off deleted. Those times are open again.')).toBeVisible();
  await expect(section.getByText('No time off ahead.')).toBeVisible();
  await page.reload();
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  await expect(days.first()).toHaveText(firstLabel);
});
