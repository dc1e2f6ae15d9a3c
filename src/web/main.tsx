import './styles.css';
import { AFTER_LOAD_SCRIPTS_ELEMENT_ID } from '../shared/after-load-scripts.ts';
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
 * A page the server drew (decision 029) shows its screen without any script: the app is fetched
 * and run once the page has loaded, its photos included, or as soon as the visitor touches it,
 * whichever comes first (decision 030). Such a page lists its screen's scripts instead of
 * preloading them (the list may be empty: Home's screen comes with the app).
 */
function whenNeeded(run: () => void) {
  const drawn = document.getElementById(AFTER_LOAD_SCRIPTS_ELEMENT_ID) !== null;
  if (!drawn) return run();
  window.addEventListener('click', rememberPress, true);
  if (document.readyState === 'complete') return run();
  // Listened to in the capture phase, so that no handler can hide them; `load` is not: every image's
  // own load event passes through the window's capture phase too.
  const intents = ['pointerdown', 'keydown', 'focusin'] as const;
  const once = () => {
    window.removeEventListener('load', once);
    for (const intent of intents) window.removeEventListener(intent, once, true);
    run();
  };
  window.addEventListener('load', once);
  for (const intent of intents) window.addEventListener(intent, once, true);
}

/**
 * A button pressed on a drawn page before the app has taken it over (a chip, Load More, a tab) has
 * no handler yet: it is pressed again once the app has (decision 030). Links and the search form
 * work without the app. Presses are remembered until the app's module has run; one in the few
 * milliseconds between that and its part being taken over is lost.
 */
let pressedEarly: HTMLButtonElement | undefined;
function rememberPress(event: Event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) pressedEarly = button;
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
  preloadListedScripts();
  afterPaint(() => {
    import('./app/start.tsx')
      .then(({ drawn }) => {
        window.removeEventListener('click', rememberPress, true);
        return drawn;
      })
      .then(() => {
        if (pressedEarly?.isConnected) pressedEarly.click();
      })
      .catch((error: unknown) => {
        // As when a page's own script fails to load: the header stays, and the error is reported.
        console.error(error);
      });
  });
});

registerServiceWorker();
