import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page once it has settled: a toast or dialog still fading in has a transient
 * opacity, and axe would measure the colour contrast of that in-between frame.
 */
export async function expectNoAxeViolations(page: Page) {
  // A toast is put on screen, then marked mounted, which starts its fade: wait for the mark and two
  // frames, so that its transition is among the animations below.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast]')].every(
      (toast) => toast.getAttribute('data-mounted') === 'true',
    ),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner loops for ever; only animations that end are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
  ).toEqual([]);
}

/** Nothing wider than the phone's screen: the page never scrolls sideways. */
export async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Fits the phone and passes axe. */
export async function expectPhoneFriendly(page: Page) {
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
}
