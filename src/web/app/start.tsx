import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { FIRST_SCREEN_DRAWN_ATTRIBUTE } from '../../shared/first-screen.ts';
import { takeOverInTurns } from '../components/in-turn.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { cameWithFirstScreenAnswers } from '../lib/first-screen.ts';
import { App } from './app.tsx';
import { createQueryClient } from './providers.tsx';
import { loadScreenAt } from './router.tsx';

// The app, run by the entry (main.tsx) once the page has painted (decision 027), or, on a page the
// server drew, at the visitor's first sign of using it (decision 031).
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * How long the first draw waits for the screen's own module. A public page preloads it (the server
 * names it in the page), so it is usually here already; elsewhere the layout and its spinner show
 * after this long.
 */
const SCREEN_WAIT_MS = 500;

/**
 * Whether the server drew the first screen (decision 029) as the app's first render will: `#root`
 * then holds that markup, in the visitor's language, drawn from the answers the page carries. The app
 * takes it over as it is. Otherwise (a visitor who chose another language) it draws the page afresh.
 */
const takeOver =
  root.getAttribute(FIRST_SCREEN_DRAWN_ATTRIBUTE) === currentLanguage() && cameWithFirstScreenAnswers();

let markDrawn = () => {};
/**
 * Settles once the app has drawn the page, or taken over all of the server's markup: the entry then
 * presses again a button pressed before (main.tsx, decision 030).
 */
export const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

function draw() {
  const app = (
    <App queryClient={createQueryClient()} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
  );
  // Once drawn, #root holds the app's markup, no longer the server's (decision 031).
  const done = () => {
    root?.removeAttribute(FIRST_SCREEN_DRAWN_ATTRIBUTE);
    performance.mark('barrio:app-drawn');
    markDrawn();
  };
  if (takeOver) void takeOverInTurns(() => hydrateRoot(root as HTMLElement, app)).then(done);
  else {
    createRoot(root as HTMLElement).render(app);
    done();
  }
}

// After the task that ran these modules, each step takes a task of its own: shorter tasks instead of
// one long one, and the page answers a tap in between.
// 1. Matching the address to its screen and waiting for its module (a failure shows through the
//    route's error boundary, as before). Markup drawn by the server stays on screen meanwhile, so
//    the wait has no limit then: the app takes it over only with the screen that drew it.
// 2. Drawing, or taking over the server's markup: the screen's parts each in a task of its own
//    (components/in-turn.tsx, decision 030).
setTimeout(() => {
  const screen = loadScreenAt(window.location.pathname).catch(() => undefined);
  Promise.race(
    takeOver ? [screen] : [screen, new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))],
  ).then(() => setTimeout(draw, 0));
}, 0);
