import {
  type DehydratedState,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { isToasterRequested, subscribeToToaster } from '../lib/toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again; network and server errors get two more tries.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}

/**
 * Everything every screen relies on: translations, server state (with the queries the page came
 * with, `state`), the session and toasts (one Toaster).
 */
export function Providers({
  children,
  queryClient,
  state,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  state?: DehydratedState;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={state}>
          <AuthProvider>{children}</AuthProvider>
        </HydrationBoundary>
        <Toasts />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** The one Toaster, mounted with sonner when the first toast is asked for (lib/toast.ts). */
function Toasts() {
  const requested = useSyncExternalStore(subscribeToToaster, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
