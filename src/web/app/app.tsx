import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole app under a router: the browser's history (start.tsx) or one fixed address (the server
 * render, web/ssr/render.tsx). Both render this same tree from the same queries, so that the browser
 * hydrates the server's markup as it is (decision 042). `state`: the queries the page came with.
 */
export function App({
  queryClient,
  state,
  router,
}: {
  queryClient: QueryClient;
  state?: DehydratedState;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient} state={state}>
        <OfflineBanner />
        {router(<AppRoutes />)}
      </Providers>
    </StrictMode>
  );
}
