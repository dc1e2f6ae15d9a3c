import type { DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SSR_ATTRIBUTE, SSR_STATE_ELEMENT_ID } from '../../shared/ssr.ts';
import { currentLanguage, stringsReady } from '../i18n/i18n.ts';
import { App } from './app.tsx';
import { createQueryClient } from './providers.tsx';
import { preloadRouteAt } from './router.tsx';

// The app, started by the entry (main.tsx) as soon as it runs. A page the server rendered
// (decision 042) is hydrated: the app attaches to its markup as it is, from the queries the page
// carries. Any other page is rendered afresh.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The queries the server put into the page (TanStack Query's dehydrated state), if any. */
function readState(): DehydratedState | undefined {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined; // a damaged page: the app asks the server instead
  }
}

const state = readState();
/**
 * Hydrate only markup rendered in the visitor's language, with the queries it was rendered from: a
 * visitor who chose another language gets the page rendered afresh in theirs.
 */
const hydrate = state !== undefined && root.getAttribute(SSR_ATTRIBUTE) === currentLanguage();

/**
 * How long a fresh render waits for the screen's module before showing the layout and its spinner. A
 * hydration always waits: the server's markup stays on screen meanwhile, and the app hydrates it only
 * with the screen that rendered it.
 */
const SCREEN_WAIT_MS = 500;

let markStarted = () => {};
/** Settles once the app has hydrated (or rendered) the page: the entry then replays early presses. */
export const started = new Promise<void>((resolve) => {
  markStarted = resolve;
});

function start() {
  const app = (
    <App
      queryClient={createQueryClient()}
      state={state}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  if (hydrate) hydrateRoot(root as HTMLElement, app);
  else createRoot(root as HTMLElement).render(app);
  // #root now holds the app's markup: the mark says so (the journeys and bench:web wait for it).
  root?.removeAttribute(SSR_ATTRIBUTE);
  performance.mark('barrio:hydrated');
  markStarted();
}

// The screen's module and its strings first, so that the first render shows the screen (a failure
// shows through the route's error boundary); the app's own strings in the visitor's language always
// (decision 084: they download beside the app, preloaded with a page the server rendered).
const screen = preloadRouteAt(window.location.pathname).catch(() => undefined);
void Promise.all([
  stringsReady,
  Promise.race(hydrate ? [screen] : [screen, new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))]),
]).then(start);
