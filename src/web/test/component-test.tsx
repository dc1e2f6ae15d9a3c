import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { loadStrings, type StringsName } from '../i18n/i18n.ts';
import { toast } from '../lib/toast.ts';

// What the component tests of the dashboards share: their strings, a render inside the app's
// providers, the API stubbed at fetch, and a clean page after each test (tests only).

/**
 * Loads the strings of `names` before the file's tests (a route's test preloads its screen instead);
 * after each test dismisses the toasts (sonner keeps them between renders), unmounts what it rendered
 * and gives fetch back.
 */
export function setUpComponentTests(names: readonly StringsName[] = []) {
  beforeAll(() => loadStrings(names));
  afterEach(async () => {
    toast.dismiss();
    await act(async () => {});
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Renders `ui` inside the app's providers, with a query client of its own. */
export function renderWithProviders(ui: ReactNode) {
  return render(<Providers queryClient={createQueryClient()}>{ui}</Providers>);
}

/** Stubs fetch: `answer` gets each request's URL (a relative one read against localhost) and init. */
export function stubFetch(answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) =>
    answer(new URL(input instanceof Request ? input.url : String(input), 'http://localhost'), init),
  );
}
