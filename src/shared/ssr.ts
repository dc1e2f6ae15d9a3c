// The contract between the server and the web app's server render (src/web/ssr/render.tsx, built
// by Vite as a module of its own and run by the server: src/server/features/public-pages).
// ARCHITECTURE §2.3 and decision 042 describe the whole path: render, dehydrate, hydrate.

import type { Language } from './language.ts';

/** The id of the `<script type="application/json">` element that carries the dehydrated queries. */
export const SSR_STATE_ELEMENT_ID = 'barrio-ssr-state';

/**
 * The attribute of `#root` set when the server rendered the page into it: its value is the language
 * the page was rendered in. The browser hydrates that markup when the visitor's language is the same,
 * else renders afresh, and removes the attribute once the app runs.
 */
export const SSR_ATTRIBUTE = 'data-ssr';

export interface RenderContext {
  /**
   * The server's own API, in-process: what the route's prefetch reads (`/api/...` paths, GET). It
   * carries no cookie: the prefetched data is the same for everyone.
   */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** The request carries no cookie, so nobody is signed in: the session is known (none) up front. */
  signedOut: boolean;
  /** The language to render in: the visitor's choice, else their browser's (decision 068). */
  language: Language;
}

export interface RenderedPage {
  /** `#root`'s markup. */
  markup: string;
  /** TanStack Query's dehydrated state (JSON-safe), hydrated by the browser's QueryClient. */
  state: unknown;
  /** The language the markup is in. */
  language: string;
  /**
   * The lazily loaded modules the page's screen needs (paths from src/web: `routes/public-vendor.tsx`,
   * `i18n/bookings.ts`): the server preloads their built files with the page.
   */
  modules: string[];
}

/**
 * Renders a page (`url`: path and query) for the server, or null when its route is not rendered on
 * the server (no prefetch: a signed-in screen) or its data could not be read (a 404 profile): the
 * browser then renders it, as any other page.
 */
export type RenderPage = (url: string, context: RenderContext) => Promise<RenderedPage | null>;
