import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';

/** Renders the whole app's route table at `url`, with the real providers (tests only). */
export function renderAt(url: string, { retry = true }: { retry?: boolean } = {}) {
  const queryClient = createQueryClient();
  if (!retry) {
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  }
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
