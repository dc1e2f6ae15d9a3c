import type { Browser, Page } from '@playwright/test';

// The first interaction on a public page (bench:web): a cold load on a slow phone — a fresh browser
// context (no cache, service workers blocked), Chromium's CPU 4× slower and Lighthouse's mobile
// network applied through the DevTools protocol — a tap on one control at 1 s or 3 s after the
// navigation started, and the time from the tap to the changed screen painted. On a page whose app
// is not running yet, this is what the app's deferred start costs the visitor who taps.
//
// Everything that runs in the page is passed as a string: functions from a file run by tsx carry
// esbuild's `__name(...)` helpers, which do not exist in the page.

/** Lighthouse's devtools throttling for mobile slow 4G (its `throttling.mobileSlow4G`). */
export const slow4G = {
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
};
export const cpuSlowdown = 4;
/** Lighthouse's mobile screen (Moto G Power): 412 × 823 at 1.75 device pixels per CSS pixel. */
const screen = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

/**
 * What is tapped on each page, and what the changed screen is:
 * - home: a category chip (a link to /vendors?category=…); changed when Browse Vendors shows that
 *   chip pressed, after a page load or in the running app;
 * - list: a category chip that is not pressed (a toggle button); changed when it is pressed, and
 *   the list below has updated (its own figure);
 * - profile: a tab that is not selected; changed when it is selected.
 */
export type PageKind = 'home' | 'list' | 'profile';

export function pageKind(route: string): PageKind {
  if (route === '/') return 'home';
  if (route.startsWith('/public/vendor/')) return 'profile';
  return 'list';
}

/** One cold load and tap. Times in ms; undefined where the wait ran out (see `error`). */
export interface TapRun {
  /** When the tap was asked for, after the navigation started. */
  atMs: number;
  /** When it was made (the `pointerdown` event's time), after the navigation started. */
  tappedAtMs?: number;
  /** From the tap to the changed screen painted. */
  ms?: number;
  /** list: from the tap to the list below painted with the category's vendors. */
  listMs?: number;
  /** The control's text, and the element the `pointerdown` reached (to catch taps that hit nothing). */
  control?: string;
  target?: string;
  hit?: boolean;
  /** The document's readyState when the tap reached it (`loading`: before its scripts had run). */
  readyState?: string;
  /** The tap came before DOMContentLoaded: before the page's deferred and module scripts had run. */
  beforeContentLoaded?: boolean;
  /** At a timeout: the page's user timing marks then (name@ms), to tell what had run. */
  marks?: string[];
  /** The change came with a new document (a link followed while the app was not running). */
  navigated?: boolean;
  /** Why a wait ran out. */
  error?: string;
}

export interface TapSummary {
  atMs: number;
  runs: TapRun[];
  /** Of `ms` (a run that timed out counts as slower than any): undefined when it timed out. */
  p50?: number;
  p75?: number;
  listP50?: number;
  listP75?: number;
  /** Taps that reached another element than the control, made again on a fresh load. */
  missed?: number;
}

/** Nearest-rank percentile; a missing figure (a run that timed out) ranks above every other. */
export function percentile(values: readonly (number | undefined)[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = values.map((value) => value ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Number.isFinite(value) ? value : undefined;
}

export function summarise(atMs: number, runs: TapRun[], withList = false): TapSummary {
  const lists = runs.map((run) => run.listMs);
  return {
    atMs,
    runs,
    p50: percentile(
      runs.map((run) => run.ms),
      50,
    ),
    p75: percentile(
      runs.map((run) => run.ms),
      75,
    ),
    ...(withList ? { listP50: percentile(lists, 50), listP75: percentile(lists, 75) } : {}),
  };
}

/** A figure for the tables: whole ms, or "> 20 s" for a wait that ran out. */
export function formatMs(value: number | undefined, deadlineMs: number): string {
  return value === undefined ? `> ${deadlineMs / 1000} s` : `${Math.round(value)}`;
}

/** One run as the table lists it: `412 (tap 1.03 s)`, `*` after a page load, `!` for an error. */
export function formatRun(run: TapRun, deadlineMs: number): string {
  const at = run.tappedAtMs === undefined ? 'no tap' : `tap ${(run.tappedAtMs / 1000).toFixed(2)} s`;
  return `${formatMs(run.ms, deadlineMs)}${run.navigated ? '*' : ''}${run.error ? '!' : ''} (${at})`;
}

const stateKey = 'barrio-bench-first-interaction';

/**
 * Added to every document of the context before its own scripts: records the first `pointerdown`
 * (capture phase, passive: before the app's own listeners) with the control it reached, then
 * watches the page (a MutationObserver, and every 100 ms) until the change is seen, and records
 * the next animation frame plus a 0 ms timeout as its paint. Times are absolute
 * (`performance.timeOrigin + …`) and kept in sessionStorage, so that a tap on a link that loads a
 * new document is timed across both.
 */
export function pageScript(kind: PageKind): string {
  return `(function (kind) {
  if (window !== window.top) return;
  var KEY = ${JSON.stringify(stateKey)};
  var clock = function () { return performance.timeOrigin + performance.now(); };
  var read = function () {
    try { return JSON.parse(sessionStorage.getItem(KEY) || '{}'); } catch (e) { return {}; }
  };
  var write = function (patch) {
    var state = Object.assign(read(), patch);
    try { sessionStorage.setItem(KEY, JSON.stringify(state)); } catch (e) {}
    return state;
  };
  var text = function (element) {
    return ((element && element.textContent) || '').replace(/\\s+/g, ' ').trim();
  };
  var describe = function (node) {
    if (!(node instanceof Element)) return String(node && node.nodeName);
    var name = node.tagName.toLowerCase();
    ['role', 'aria-pressed', 'aria-selected', 'href'].forEach(function (attribute) {
      var value = node.getAttribute(attribute);
      if (value !== null) name += '[' + attribute + '=' + value + ']';
    });
    var label = text(node).slice(0, 40);
    return label ? name + ' "' + label + '"' : name;
  };
  // The category chips: the list labelled by the categories' aria-label, recognised by its chips
  // (a toggle button or a link to a category), whatever the language.
  var chipList = function () {
    var lists = document.querySelectorAll('ul[aria-label]');
    for (var i = 0; i < lists.length; i++)
      if (lists[i].querySelector('li > button[aria-pressed], li > a[href*="category="]')) return lists[i];
    return null;
  };
  var controlSelector = kind === 'home' ? 'a[href*="category="]'
    : kind === 'list' ? 'button[aria-pressed="false"]'
    : '[role="tablist"] [role="tab"][aria-selected="false"]';
  var control = function () {
    if (kind === 'profile') return document.querySelector(controlSelector);
    var list = chipList();
    return list && list.querySelector(controlSelector);
  };
  // Where to tap: the control's centre, once it is on screen and nothing covers it. A control
  // below the screen is scrolled to (as a visitor would before tapping it).
  var spot = function (element) {
    var box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return null;
    var x = box.left + box.width / 2;
    var y = box.top + box.height / 2;
    if (y < 0 || y > innerHeight) {
      element.scrollIntoView({ block: 'center' });
      return null;
    }
    if (x < 0 || x > innerWidth) return null;
    var top = document.elementFromPoint(x, y);
    if (!top || !(top === element || element.contains(top))) return null;
    return { x: x, y: y };
  };
  var chipPressed = function (label) {
    var list = chipList();
    var pressed = list ? list.querySelectorAll('button[aria-pressed="true"]') : [];
    for (var i = 0; i < pressed.length; i++) if (text(pressed[i]) === label) return true;
    return false;
  };
  var changed = function (state) {
    if (kind === 'profile') {
      var selected = document.querySelectorAll('[role="tablist"] [role="tab"][aria-selected="true"]');
      for (var i = 0; i < selected.length; i++) if (text(selected[i]) === state.control) return true;
      return false;
    }
    if (kind === 'home' && location.pathname !== '/vendors') return false;
    return chipPressed(state.control);
  };
  // The list below the chips: its count and its first cards' links; settled when nothing is busy.
  var listSignature = function () {
    var status = document.querySelector('main p[role="status"]') || document.querySelector('p[role="status"]');
    var links = document.querySelectorAll('ul[aria-busy] a[href]');
    var hrefs = [];
    for (var i = 0; i < links.length && hrefs.length < 6; i++) hrefs.push(links[i].getAttribute('href'));
    return text(status) + ' | ' + hrefs.join(' ');
  };
  var listSettled = function () {
    return !document.querySelector('section[aria-busy="true"], ul[aria-busy="true"]');
  };
  var scheduled = {};
  var paintAfter = function (name) {
    scheduled[name] = true;
    var seen = {};
    seen[name + 'SeenAt'] = clock();
    write(seen);
    requestAnimationFrame(function () {
      setTimeout(function () {
        var painted = {};
        painted[name + 'PaintedAt'] = clock();
        write(painted);
      }, 0);
    });
  };
  var check = function () {
    var state = read();
    if (!state.tapAt || !state.control) return;
    var isChanged = changed(state);
    if (isChanged && !state.changedPaintedAt && !scheduled.changed) paintAfter('changed');
    if (kind === 'list' && isChanged && !state.listPaintedAt && !scheduled.list && listSettled()
      && listSignature() !== state.listBefore) paintAfter('list');
  };
  var watching = false;
  var watch = function () {
    if (watching) return;
    watching = true;
    new MutationObserver(check).observe(document, {
      subtree: true, childList: true, attributes: true, characterData: true,
    });
    setInterval(check, 100);
    document.addEventListener('DOMContentLoaded', check);
    check();
  };
  window.addEventListener('pointerdown', function (event) {
    if (read().tapAt) return;
    var target = event.target;
    var element = control();
    var reached = target instanceof Element ? target.closest(kind === 'home' ? 'a' : kind === 'list' ? 'button' : '[role="tab"]') : null;
    write({
      tapAt: performance.timeOrigin + event.timeStamp,
      control: text(reached || element),
      target: describe(target),
      hit: Boolean(reached && element && reached === element),
      readyState: document.readyState,
      beforeContentLoaded: !contentLoaded,
      listBefore: kind === 'list' ? listSignature() : null,
    });
    watch();
  }, { capture: true, passive: true });
  // DOMContentLoaded: the page's deferred and module scripts have run.
  var contentLoaded = false;
  document.addEventListener('DOMContentLoaded', function () { contentLoaded = true; });
  var initial = read();
  if (!initial.origin) write({ origin: performance.timeOrigin, documents: 1 });
  else if (initial.tapAt) {
    write({ documents: (initial.documents || 1) + 1 });
    watch();
  }
  window.__barrioBench = {
    locate: function () {
      var element = control();
      return {
        now: performance.now(),
        spot: element ? spot(element) : null,
        control: element ? text(element) : null,
      };
    },
  };
})(${JSON.stringify(kind)});`;
}

interface PageState {
  origin?: number;
  documents?: number;
  tapAt?: number;
  control?: string;
  target?: string;
  hit?: boolean;
  readyState?: string;
  beforeContentLoaded?: boolean;
  changedPaintedAt?: number;
  listPaintedAt?: number;
}

const locateScript = 'window.__barrioBench ? window.__barrioBench.locate() : null';
const stateScript = `sessionStorage.getItem(${JSON.stringify(stateKey)})`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The promise's value, or undefined once `ms` have passed (or it failed): no wait without an end. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function readState(page: Page): Promise<PageState | undefined> {
  // A page between two documents has no storage to read: the next poll will.
  const raw = await within(page.evaluate(stateScript) as Promise<string | null>, 2_000);
  try {
    return raw ? (JSON.parse(raw) as PageState) : undefined;
  } catch {
    return undefined;
  }
}

/** One cold load of `url`, a tap at `atMs` after the navigation started, and its change timed. */
export async function tapOnce(
  browser: Browser,
  url: string,
  kind: PageKind,
  atMs: number,
  deadlineMs: number,
): Promise<TapRun> {
  const context = await browser.newContext({
    ...screen,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript({ content: pageScript(kind) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4G.latencyMs,
      downloadThroughput: Math.floor((slow4G.downloadKbps * 1024) / 8),
      uploadThroughput: Math.floor((slow4G.uploadKbps * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    // The page's clock (performance.now(), from the navigation's start) decides when to tap, not
    // the navigation's commit: on this network the document arrives more than a second later.
    const started = Date.now();
    const navigation = page.goto(url, { waitUntil: 'commit', timeout: deadlineMs }).catch(() => undefined);
    let tapped = false;
    let lastControl: string | null = null;
    while (Date.now() - started < deadlineMs) {
      const found = await within(
        page.evaluate(locateScript) as Promise<{
          now: number;
          spot: { x: number; y: number } | null;
          control: string | null;
        } | null>,
        2_000,
      );
      if (!found) {
        await sleep(50);
        continue;
      }
      lastControl = found.control;
      const early = atMs - found.now;
      // Close to the time with the control in sight: wait out the rest here and tap where it was,
      // rather than ask the page again (a busy page would answer late, and the tap would follow).
      if (found.spot && early > 0 && early <= 150) await sleep(early);
      else if (early > 0) {
        await sleep(Math.min(early - 100, 500));
        continue;
      } else if (!found.spot) {
        await sleep(50);
        continue;
      }
      await within(page.touchscreen.tap(found.spot.x, found.spot.y), deadlineMs);
      tapped = true;
      break;
    }
    if (!tapped) {
      await within(navigation, 1_000);
      return {
        atMs,
        error: lastControl
          ? `the control ("${lastControl}") was not on screen within ${deadlineMs / 1000} s`
          : `no control within ${deadlineMs / 1000} s`,
      };
    }

    const tappedAt = Date.now();
    let state: PageState | undefined;
    while (Date.now() - tappedAt < deadlineMs) {
      state = (await readState(page)) ?? state;
      if (state?.changedPaintedAt && (kind !== 'list' || state.listPaintedAt)) break;
      await sleep(100);
    }
    const since = (at: number | undefined) =>
      at !== undefined && state?.tapAt !== undefined ? at - state.tapAt : undefined;
    const run: TapRun = {
      atMs,
      tappedAtMs: state?.tapAt !== undefined && state.origin ? state.tapAt - state.origin : undefined,
      ms: since(state?.changedPaintedAt),
      control: state?.control,
      target: state?.target,
      hit: state?.hit,
      readyState: state?.readyState,
      beforeContentLoaded: state?.beforeContentLoaded,
      navigated: (state?.documents ?? 1) > 1,
    };
    if (kind === 'list') run.listMs = since(state?.listPaintedAt);
    // A tap that reached another element (the page moved between finding the control and the tap)
    // times nothing: its change is not the control's.
    if (!state?.hit) run.ms = undefined;
    if (!state?.tapAt) run.error = `the tap reached no pointerdown listener within ${deadlineMs / 1000} s`;
    else if (!state.hit) run.error = `the tap reached ${state.target}, not the control`;
    else if (run.ms === undefined)
      run.error = `"${state.control}" not shown changed within ${deadlineMs / 1000} s (tapped ${state.beforeContentLoaded ? 'before' : 'after'} DOMContentLoaded, readyState ${state.readyState})`;
    else if (kind === 'list' && run.listMs === undefined)
      run.error = `the list did not update within ${deadlineMs / 1000} s`;
    if (run.error)
      run.marks =
        (await within(
          page.evaluate(
            "performance.getEntriesByType('mark').map(function (m) { return m.name + '@' + Math.round(m.startTime); })",
          ) as Promise<string[]>,
          2_000,
        )) ?? [];
    return run;
  } finally {
    await within(context.close(), 10_000);
  }
}

/** `runs` cold loads of `url` for each tap time. */
export async function measureFirstInteraction(
  browser: Browser,
  url: string,
  {
    kind = pageKind(new URL(url).pathname),
    offsets = [1_000, 3_000],
    runs = 5,
    deadlineMs = 20_000,
  }: { kind?: PageKind; offsets?: number[]; runs?: number; deadlineMs?: number } = {},
): Promise<TapSummary[]> {
  const summaries: TapSummary[] = [];
  for (const atMs of offsets) {
    const measured: TapRun[] = [];
    let missed = 0;
    for (let i = 0; i < runs; i++) {
      // A tap that missed the control (the page moved under it) is made again on a fresh load, twice
      // at most; the misses are reported.
      for (let attempt = 1; ; attempt++) {
        const run = await tapOnce(browser, url, kind, atMs, deadlineMs);
        if (run.hit !== false || attempt === 3) {
          measured.push(run);
          break;
        }
        missed++;
      }
    }
    summaries.push({ ...summarise(atMs, measured, kind === 'list'), missed });
  }
  return summaries;
}
