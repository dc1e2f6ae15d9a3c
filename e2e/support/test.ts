import { test as base } from '@playwright/test';
import { hydrateOnGoto } from './ssr.ts';

/** Playwright's `test`, whose `page` waits for the app at each goto (support/ssr.ts `hydrateOnGoto`). */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(hydrateOnGoto(page));
  },
});
