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

// The first render waits for the next task: loading the modules and drawing the app are then two
// shorter tasks instead of one long one, and the page answers a tap in between (the header is
// already painted by index.html).
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

registerServiceWorker();
