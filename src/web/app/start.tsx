import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory } from 'react-router';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
import { createQueryClient, Providers } from './providers.tsx';
import { AppRoutes, loadScreenAt } from './router.tsx';

// The app, run by the entry (main.tsx) once the page has painted (decision 027).
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * How long the first draw waits for the screen's own module. A public page preloads it (the server
 * names it in the page), so it is usually here already; elsewhere the layout and its spinner show
 * after this long.
 */
const SCREEN_WAIT_MS = 500;

function draw(history: ReturnType<typeof UNSAFE_createBrowserHistory>) {
  createRoot(root as HTMLElement).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <OfflineBanner />
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
      </Providers>
    </StrictMode>,
  );
}

// After the task that ran these modules, each step takes a task of its own: shorter tasks instead of
// one long one, and the page answers a tap in between.
// 1. The router's history, BrowserRouter's own (v5Compat), made here rather than in the first draw:
//    on a first visit it rewrites the history entry, a few milliseconds of the browser's time.
// 2. Matching the address to its screen and waiting for its module (a failure shows through the
//    route's error boundary, as before).
// 3. Drawing.
setTimeout(() => {
  const history = UNSAFE_createBrowserHistory({ window, v5Compat: true });
  Promise.race([
    loadScreenAt(window.location.pathname).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS)),
  ]).then(() => setTimeout(() => draw(history), 0));
}, 0);
