import type { Page } from '@playwright/test';

// Pages the server rendered (decision 042): the app hydrates them once they have loaded, and removes
// #root's data-ssr mark when it has.

/** Waits until the app runs on the page: hydrated, or rendered afresh (#root has no data-ssr mark). */
export async function waitForHydration(page: Page) {
  await page.locator('#root:not([data-ssr])').waitFor({ state: 'attached' });
}

/**
 * Makes `page.goto` wait for the app as well as for the page's load, as a person would before a tap
 * that needs it (a chip, a form field): a test then never acts on markup the app has not hydrated
 * yet. A goto given its own `waitUntil` returns as Playwright's does.
 */
export function hydrateOnGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil) await waitForHydration(page);
    return response;
  };
  return page;
}

/**
 * Serves this page's documents without the server's render (its markup's mark and its dehydrated
 * queries), so that the app renders the page afresh and asks the API itself: a test can then make
 * that request fail.
 */
export async function withoutServerRender(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script type="application\/json" id="barrio-ssr-state">[\s\S]*?<\/script>/, '')
      .replace(/<div id="root" data-ssr="[^"]*">/, '<div id="root">');
    await route.fulfill({ response, body: html });
  });
}

/**
 * Makes the API's answers to `url` (a glob) fail with a 500, on a page the app renders itself
 * (`withoutServerRender`), so that the screen asks for them: what it says when its data fails.
 */
export async function failApiRequests(page: Page, url: string) {
  await withoutServerRender(page);
  await page.route(url, (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }),
  );
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
