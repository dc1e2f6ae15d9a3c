import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole app under a router: the browser's history (start.tsx) or one fixed address (the
 * server's first-screen render, render-first-screen.tsx). Both draw this same tree, so that the
 * browser can take over the server's markup as it is (decision 029).
 */
export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <OfflineBanner />
        {router(<AppRoutes />)}
      </Providers>
    </StrictMode>
  );
}
