import type { Page } from '@playwright/test';

/**
 * Serves this page's documents without the API answers the server puts into them
 * (src/server/features/link-previews/first-screen.ts), so that the app asks the API itself: a test
 * can then make that request fail. The markup the server drew from them goes too, as the app draws
 * the page afresh (decision 029).
 */
export async function withoutFirstScreenAnswers(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script type="application\/json" id="barrio-first-screen">[\s\S]*?<\/script>/, '')
      .replace(/<div id="root" data-first-screen="[^"]*">/, '<div id="root">');
    await route.fulfill({ response, body: html });
  });
}

/** The API requests a page makes, by path (`/api/vendors/featured`). */
export function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) seen.push(pathname);
  });
  return seen;
}

/**
 * Holds back the page's requests matching `url` until the returned function is called (then they
 * go on as usual): to look at a page before its scripts or its photos have arrived.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/**
 * Starts the app on a page the server drew, as a visitor's first key press does (decision 031), and
 * waits until it has taken the whole page over (#root then loses its data-first-screen mark).
 */
export async function startApp(page: Page) {
  await page.keyboard.press('Shift');
  await page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached' });
}
