import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { OfflineBanner } from './pwa/offline-banner.tsx';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits until the page has been painted once (the header in index.html) and then
// for a task of its own: loading the modules and drawing the app are two shorter tasks instead of
// one long one, and the page shows and answers a tap in between. A hidden page has no frames to
// wait for.
const afterPaint = (draw: () => void) =>
  document.visibilityState === 'visible'
    ? requestAnimationFrame(() => setTimeout(draw, 0))
    : setTimeout(draw, 0);

afterPaint(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <OfflineBanner />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});

registerServiceWorker();
