import { test as base } from '@playwright/test';
import { newPhonePage } from './auth.ts';
import { hydrateOnGoto } from './ssr.ts';

type PhonePage = Awaited<ReturnType<typeof newPhonePage>>;

/**
 * Playwright's `test`, whose `page` waits for the app at each goto (support/ssr.ts `hydrateOnGoto`),
 * and whose `newPhone()` opens a phone page for one person of the journey (support/auth.ts
 * `newPhonePage`: a client address of its own); every page it opened closes when the test ends.
 */
export const test = base.extend<{ newPhone: () => Promise<PhonePage> }>({
  page: async ({ page }, use) => {
    await use(hydrateOnGoto(page));
  },
  newPhone: async ({ browser, baseURL }, use) => {
    const opened: PhonePage[] = [];
    await use(async () => {
      const phone = await newPhonePage(browser, baseURL);
      opened.push(phone);
      return phone;
    });
    for (const phone of opened) await phone.close();
  },
});
