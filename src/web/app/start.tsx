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

// Making the router's history, matching the address to its screen, waiting for the screen's module (a failure shows through the
// route's error boundary, as before) and drawing each take a task of their own, after the one that
// ran these modules: shorter tasks instead of one long one, and the page answers a tap in between.
// The router's history is BrowserRouter's own (v5Compat), made here rather than in the first draw:
// on a first visit it rewrites the history entry, a few milliseconds of the browser's time.
setTimeout(() => {
  const history = UNSAFE_createBrowserHistory({ window, v5Compat: true });
  Promise.race([
    loadScreenAt(window.location.pathname).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS)),
  ]).then(() => setTimeout(() => draw(history), 0));
}, 0);
