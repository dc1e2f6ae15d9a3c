import './styles.css';
import { AFTER_LOAD_SCRIPTS_ELEMENT_ID } from '../shared/after-load-scripts.ts';
import { FIRST_SCREEN_DRAWN_ATTRIBUTE } from '../shared/first-screen.ts';
import { storedLanguage } from './i18n/stored-language.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

// The entry only waits for the page's first paint (the header in index.html), then runs the app
// (app/start.tsx). Its modules are fetched meanwhile: index.html preloads them (vite-plugins.ts
// `appShell`). So the header shows as soon as the page arrives, whether or not the scripts have
// arrived too, and running the app's modules never delays it (decision 027). A hidden page has no
// frames to wait for.
const afterPaint = (run: () => void) =>
  document.visibilityState === 'visible'
    ? requestAnimationFrame(() => setTimeout(run, 0))
    : setTimeout(run, 0);

/**
 * A page the server drew (decision 029) shows its whole screen without any script: its links and its
 * search box work as they are. The app is fetched and run at the visitor's first sign of using the
 * page (a press, a key, a focus, the mouse or the wheel moving, a field changed), not before
 * (decision 031), or when the network goes (decision 032): a visitor who only reads never pays for
 * it. Such a page lists its screen's scripts instead of preloading them (the list may be empty:
 * Home's screen comes with the app).
 */
function whenNeeded(run: () => void) {
  const drawn = document.getElementById(AFTER_LOAD_SCRIPTS_ELEMENT_ID) !== null;
  if (!drawn) return run();
  for (const type of earlyEvents) window.addEventListener(type, rememberPress, true);
  // In the capture phase, so that no handler can hide them; passive, so that none delays a scroll.
  const intents = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'wheel', 'input', 'change'] as const;
  let started = false;
  // A page read while the network goes gets the app at once, which says so (pwa/offline-banner.tsx)
  // and keeps the screen working, when the service worker holds the app and this screen (decision
  // 032). Without one, the app could not load: the page stays as it is, its links and forms native.
  const whenOffline = () => {
    if (navigator.serviceWorker?.controller) once();
  };
  const once = () => {
    if (started) return;
    started = true;
    for (const intent of intents) window.removeEventListener(intent, once, true);
    window.removeEventListener('offline', whenOffline);
    run();
  };
  for (const intent of intents) window.addEventListener(intent, once, { capture: true, passive: true });
  window.addEventListener('offline', whenOffline);
  // A visitor who chose another language than the page was drawn in gets it drawn again in theirs,
  // once the page has loaded, in a task of its own: the first read of the browser's storage is slow.
  const drawnIn = document.getElementById('root')?.getAttribute(FIRST_SCREEN_DRAWN_ATTRIBUTE);
  const checkLanguage = () =>
    setTimeout(() => {
      if (storedLanguage() !== drawnIn) once();
    }, 0);
  if (document.readyState === 'complete') checkLanguage();
  else window.addEventListener('load', checkLanguage, { once: true });
}

/**
 * A button pressed on a drawn page before the app has taken it over (a chip, Load More, a tab) has
 * no handler yet: it is pressed again once the app has (decision 030). A field changed meanwhile (the
 * booking form's service, text typed into a box) tells the app again, as it would have been told:
 * the same `input` and `change` events, so that what the page shows is what the app holds (decision
 * 031). Links and the search form work without the app. Both are remembered until the app has
 * taken the whole page over; a press meanwhile goes no further (its button may already be the app's,
 * which would answer it twice) and is made again at the end, so none is lost.
 */
let pressedEarly: HTMLButtonElement | undefined;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** Each field changed early: the events it sent, and what it held then (a take-over may reset it). */
const changedEarly = new Map<Field, { types: Set<string>; value: string; checked: boolean }>();
function rememberPress(event: Event) {
  const target = event.target;
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  ) {
    if (event.type === 'click') return;
    const types = changedEarly.get(target)?.types ?? new Set<string>();
    changedEarly.set(target, {
      types: types.add(event.type),
      value: target.value,
      checked: target instanceof HTMLInputElement && target.checked,
    });
  } else if (event.type === 'click' && target instanceof Element) {
    const button = target.closest('button');
    if (!button) return;
    pressedEarly = button;
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}
const earlyEvents = ['click', 'input', 'change'] as const;

function replayEarly() {
  for (const [field, { types, value, checked }] of changedEarly) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
      field.checked = checked;
    else field.value = value;
    for (const type of types) field.dispatchEvent(new Event(type, { bubbles: true }));
  }
  changedEarly.clear();
  if (pressedEarly?.isConnected) pressedEarly.click();
}

/**
 * Preloads the screen's scripts a drawn page listed (link-previews/first-screen.ts
 * `deferScriptsToLoad`), beside the app, which its own import preloads.
 */
function preloadListedScripts() {
  let listed: unknown;
  try {
    listed = JSON.parse(document.getElementById(AFTER_LOAD_SCRIPTS_ELEMENT_ID)?.textContent ?? '[]');
  } catch {
    return; // a damaged list: the app's imports fetch the same files, one after another
  }
  if (!Array.isArray(listed)) return;
  for (const href of listed) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

whenNeeded(() => {
  // User timing: from here to `barrio:app-drawn` (app/start.tsx) is the app's start (bench:web).
  performance.mark('barrio:app-start');
  preloadListedScripts();
  afterPaint(() => {
    import('./app/start.tsx')
      .then(({ drawn }) => drawn)
      .then(() => {
        for (const type of earlyEvents) window.removeEventListener(type, rememberPress, true);
        replayEarly();
      })
      .catch((error: unknown) => {
        // As when a page's own script fails to load: the header stays, and the error is reported.
        console.error(error);
      });
  });
});

registerServiceWorker();
