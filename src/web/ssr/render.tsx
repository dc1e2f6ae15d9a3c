import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { RenderPage } from '../../shared/ssr.ts';
import { App } from '../app/app.tsx';
import { createQueryClient } from '../app/providers.tsx';
import { prefetchRoute, preloadRouteAt, routeModulesAt } from '../app/router.tsx';
import { meKeys } from '../features/auth/api/use-me.ts';
import { i18n, stringsModule } from '../i18n/i18n.ts';
import { createApiClient } from '../lib/api-client.ts';

// The server render of a public page (decision 042), built by Vite as a module of its own
// (vite.config.ts, environment `ssr`; in `npm run dev` loaded through Vite's dev server) and run by
// the server (src/server/features/public-pages). Everything it uses is made for the one request: its
// QueryClient, its API client, its router. It renders what the browser's first render renders: the
// same tree, from the same queries, which the page carries dehydrated, so that the browser hydrates
// this markup as it is (web/app/start.tsx).

/** The origin the render's API client names; its fetch answers in-process, whatever the origin. */
const SERVER_ORIGIN = 'http://barrio.internal';

export const render: RenderPage = async (url, { fetch, signedOut, language }) => {
  const { pathname, search } = new URL(url, SERVER_ORIGIN);
  const queryClient = createQueryClient();
  // A failed read is not tried again here: the browser renders that page itself, and asks again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  if (signedOut) queryClient.setQueryData(meKeys.me, null);
  const client = createApiClient(`${SERVER_ORIGIN}/api`, fetch);
  const [prefetched] = await Promise.all([
    prefetchRoute({ pathname, search }, { queryClient, client }),
    preloadRouteAt(pathname),
  ]);
  if (!prefetched) return null;
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  )
    return null;
  // The one i18next of this module serves every request: its language is set right before the
  // render, which is synchronous, so that no other request's can come between. Changing is
  // synchronous when every string it needs is loaded; while another request's screen is still
  // loading its strings, it waits for them, and is then tried again.
  for (;;) {
    const changing = i18n.changeLanguage(language);
    if (i18n.language === language) break;
    await changing;
  }
  const markup = renderToString(
    <App
      queryClient={queryClient}
      router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
    />,
  );
  return {
    markup,
    state: dehydrate(queryClient),
    language,
    // The app's own strings in the page's language too: the app waits for them (decision 084).
    modules: [stringsModule('translation', language), ...routeModulesAt(pathname, language)],
  };
};
