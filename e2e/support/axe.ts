import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Every control in `scope` takes a fingertip: a tap area of at least 44 × 44 px, its own box or the
 * hit area grown around it (styles.css `tap-target`). Links inside running text are not controls.
 */
export async function expectTapTargets(scope: Locator) {
  await expect(scope.first()).toBeVisible();
  const small = await scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [
        ...root.querySelectorAll<HTMLElement>(
          'a[href],button,select,input:not([type=hidden]),[role=tab],[role=switch],label:has(> input[type=radio]),label:has(> input[type=checkbox])',
        ),
      ]
        .filter((el) => el.checkVisibility() && !el.closest('.sr-only') && !el.matches('label > input'))
        .flatMap((el) => {
          const box = el.getBoundingClientRect();
          const grown = getComputedStyle(el, '::after');
          const grownToo = grown.content !== 'none' && grown.position === 'absolute';
          const width = Math.max(box.width, grownToo ? Number.parseFloat(grown.width) : 0);
          const height = Math.max(box.height, grownToo ? Number.parseFloat(grown.height) : 0);
          return width >= 44 && height >= 44
            ? []
            : [
                `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}" ${width}×${height}`,
              ];
        }),
    ),
  );
  expect(small).toEqual([]);
}
