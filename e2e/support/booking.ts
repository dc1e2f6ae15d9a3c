import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

// What the booking journeys share: a demo vendor, a slot picked on its profile's booking form, a
// guest's request, the booking code, the dev mailbox, the vendor's confirm link and the sandbox.

export interface Vendor {
  id: string;
  slug: string;
  business_name: string;
}

/** One of the featured demo vendors (each journey books a different one, so they never collide). */
export async function featuredVendor(page: Page, index: number): Promise<Vendor> {
  const response = await page.request.get('/api/vendors/featured');
  const { items } = (await response.json()) as { items: Vendor[] };
  return items[index % items.length]!;
}

/** A slot of the booking form: a day chip (`dayChip`, the first by default) and a time's index. */
export interface Slot {
  day?: 'first' | 'last' | number;
  time: number | 'last';
}

/**
 * On a vendor's services tab: the first service, the first (or last) day and the time at `time`
 * (or the last one); resolves once the form shows them, with the form.
 */
export async function pickSlot(page: Page, { day = 'first', time }: Slot) {
  const form = page.getByRole('region', { name: 'Book a service' });
  // As a visitor scrolls to it: the form loads when it comes near the screen (decision 043).
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  const times = form.getByRole('group', { name: 'Time' }).locator('label');
  await expect(times.first()).toBeVisible();
  const days = form.getByRole('group', { name: 'Day' }).locator('label');
  await (await dayChip(days, day)).click();
  const count = await times.count();
  await times.nth(time === 'last' ? count - 1 : Math.min(time, count - 1)).click();
  await fillAddressIfAsked(form);
  return form;
}

/** A postal code of each of product §3's colonias, as the catalogue has them (the server checks the pair). */
const postalCodeOfArea: Record<string, string> = {
  'Roma Norte': '06700',
  'Roma Sur': '06760',
  Condesa: '06140',
  Coyoacán: '04000',
  'Santa Maria de la Ribera': '06400',
  Polanco: '11560',
  'Del Valle': '03100',
  Doctores: '06720',
  'Centro Histórico': '06000',
  Juárez: '06600',
};

/**
 * A service done at the customer's place asks where: a street, one of the colonias the vendor serves
 * (a list when it has some: Roma Norte if it is there), and a postal code of that colonia.
 */
export async function fillAddressIfAsked(
  form: Locator,
  labels = { street: 'Street and number', postalCode: 'Postal code' },
) {
  const street = form.getByLabel(labels.street, { exact: true });
  if ((await street.count()) === 0) return;
  await street.fill('Calle Durango 120');
  const colonia = form.getByLabel('Colonia', { exact: true });
  let chosen = 'Roma Norte';
  if ((await colonia.evaluate((el) => el.tagName)) === 'SELECT') {
    const offered = await colonia.locator('option').allTextContents();
    chosen = offered.includes(chosen) ? chosen : offered[1]!;
    await colonia.selectOption(chosen);
  } else await colonia.fill(chosen);
  const code = postalCodeOfArea[chosen];
  if (!code) throw new Error(`No postal code known here for ${chosen}: add it to postalCodeOfArea`);
  await form.getByLabel(labels.postalCode, { exact: true }).fill(code);
}

/** The first, the last, or the n-th day chip (the last but one at most: the last is another journey's). */
export async function dayChip(days: Locator, day: 'first' | 'last' | number) {
  if (day === 'first') return days.first();
  if (day === 'last') return days.last();
  return days.nth(Math.min(day, (await days.count()) - 2));
}

/** Who books: the name and email the booking form is filled with. */
export interface Booker {
  name: string;
  email: string;
}

/**
 * On a vendor's services tab: a slot (`pickSlot`), the booker's name and email, Book Now;
 * resolves once it is pressed, with the form.
 */
export async function requestBooking(page: Page, slug: string, slot: Slot, { name, email }: Booker) {
  await page.goto(`/public/vendor/${slug}?tab=services`);
  const form = await pickSlot(page, slot);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Book Now' }).click();
  return form;
}

/** `requestBooking`, then the code the confirmation shows. */
export async function bookSlot(page: Page, slug: string, slot: Slot, booker: Booker): Promise<string> {
  await requestBooking(page, slug, slot, booker);
  return bookingCode(page);
}

/** The 6-character code the confirmation screen shows after Book Now. */
export async function bookingCode(page: Page): Promise<string> {
  const code = (await page.getByTestId('booking-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  return code;
}

/** A mail of the dev mailbox (newest first). */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Reads the dev mailbox until `read` finds in its mails a text that matches `expected` (a string
 * it contains, or a pattern), as the outbox sends within moments; that text. With `to`, only that
 * address's mails are read: the mailbox lists the newest 100, and the journeys running beside this
 * one may have sent more since the mail was.
 */
export async function fromMailbox(
  page: Page,
  read: (mails: DevMail[]) => string,
  expected: string | RegExp,
  to?: string,
): Promise<string> {
  const url = to ? `/api/dev/mailbox?to=${encodeURIComponent(to)}` : '/api/dev/mailbox';
  let found = '';
  await expect
    .poll(
      async () => {
        found = read((await (await page.request.get(url)).json()) as DevMail[]);
        return found;
      },
      { timeout: 20_000 },
    )
    .toMatch(expected);
  return found;
}

/** A mail from the dev mailbox whose subject matches, once the outbox has sent it. */
export function mailText(page: Page, subject: string, contains: string): Promise<string> {
  return fromMailbox(page, (mails) => mails.find((m) => m.subject.includes(subject))?.text ?? '', contains);
}

/** The vendor's notification for a booking code, from the dev mailbox, once the outbox sent it. */
export async function vendorLinks(page: Page, code: string) {
  const text = await mailText(page, `Nueva solicitud de reserva ${code}`, '/vendor-confirm?token=');
  const link = (action: string) => new RegExp(`(http\\S+/vendor-confirm\\?token=[\\w-]+&action=${action})`);
  return { confirm: link('confirm').exec(text)![1]!, decline: link('decline').exec(text)![1]! };
}

/**
 * The vendor, on `vendorPage`, opens the mailed confirm link of `code` and taps Confirmar Reserva;
 * resolves once the page says it is confirmed, with the mail's links.
 */
export async function confirmFromMail(page: Page, vendorPage: Page, code: string) {
  const links = await vendorLinks(page, code);
  await vendorPage.goto(links.confirm);
  await vendorPage.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(vendorPage.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  return links;
}

/** The amount the sandbox checkout asks for ("$450.00 MXN"). */
export async function sandboxAmount(page: Page): Promise<string> {
  return (await page.getByTestId('sandbox-amount').textContent())?.trim() ?? '';
}

/** On the sandbox checkout: pays what it asks; resolves on /payment-success, with the amount. */
export async function payInSandbox(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
  const amount = await sandboxAmount(page);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/payment-success\?session_id=/);
  return amount;
}

/**
 * On a booking page: Change date or time → a day in the middle of the fortnight (no other journey
 * books there) and its first time → Confirm; resolves once the page says so.
 */
export async function rescheduleOnPage(page: Page, day = 5) {
  await page.getByRole('button', { name: 'Change date or time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a new time' });
  const days = dialog.getByRole('group', { name: 'Day' }).locator('label');
  await expect(days.first()).toBeVisible();
  await (await dayChip(days, day)).click();
  await dialog.getByRole('group', { name: 'Time' }).locator('label').first().click();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Your booking is now on /)).toBeVisible();
}

/** On a booking page: Cancel booking → the dialog says what it costs → a reason → Cancel booking. */
export async function cancelOnPage(page: Page, { refund }: { refund: boolean }) {
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(
    dialog.getByText(
      refund ? /^We will refund your \$[\d,.]+ MXN in full\.$/ : 'Cancelling is free: nothing has been paid.',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('Cambio de planes');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('You cancelled this booking', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expectNoAxeViolations(page);
}
