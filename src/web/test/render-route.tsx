import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';

/** Where the app is now: `state.location` follows every navigation (tests only). */
export interface RenderedRouter {
  state: { location: Location };
}

/** Renders the whole app's route table at `url`, with the real providers (tests only). */
export function renderAt(url: string, { retry = true }: { retry?: boolean } = {}): RenderedRouter {
  const queryClient = createQueryClient();
  if (!retry) {
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  }
  const [pathname = '/', search = ''] = url.split('?');
  const router: RenderedRouter = {
    state: {
      location: { pathname, search: search ? `?${search}` : '', hash: '', state: null, key: 'default' },
    },
  };
  render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationProbe onChange={(location) => (router.state.location = location)} />
      </MemoryRouter>
    </Providers>,
  );
  return router;
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}
