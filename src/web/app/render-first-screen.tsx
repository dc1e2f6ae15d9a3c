import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { drawWholeOnServer } from '../components/in-turn.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { withFirstScreenAnswers } from '../lib/first-screen.ts';
import { App } from './app.tsx';
import { createQueryClient } from './providers.tsx';
import { loadScreenAt } from './router.tsx';

// The server's render of a public page's first screen (decision 029), built by Vite as a module of
// its own (vite.config.ts, environment `ssr`) and run by the server (src/server/lib/web-app.ts). It
// draws what the browser's first render draws: the same tree, with the same first-screen answers as
// the queries' data, in English, for a visitor with no session. The browser then takes over this
// markup as it is (start.tsx) instead of drawing the page again.

/**
 * The markup of `#root` for a page, given its first screen's answers by firstScreenKey (the bodies
 * the page carries too), and the language it is in: the default one, as nobody's choice is known
 * here (a visitor who chose another gets the page drawn afresh, start.tsx). `url` is the path and
 * query.
 */
export async function renderFirstScreen(
  url: string,
  answers: Map<string, unknown>,
): Promise<{ markup: string; language: string }> {
  await loadScreenAt(new URL(url, 'http://first.screen').pathname);
  const markup = withFirstScreenAnswers(answers, () =>
    drawWholeOnServer(() =>
      renderToString(
        <App
          queryClient={createQueryClient()}
          router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
        />,
      ),
    ),
  );
  return { markup, language: currentLanguage() };
}
