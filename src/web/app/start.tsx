import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
import { createQueryClient, Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

// The app, run by the entry (main.tsx) once the page has painted. Drawing it waits for a task of its
// own: running these modules and drawing the first screen are two shorter tasks instead of one long
// one, and the page answers a tap in between.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

setTimeout(() => {
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
}, 0);
