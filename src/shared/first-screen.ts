// The first screen's API answers, sent inside the page (docs/decisions/025-first-screen-in-the-page.md).
// The server names each answer by the request the web app will make for it; both sides use this key,
// so the order of the query's parameters does not matter.

/** The id of the `<script type="application/json">` element that carries the answers. */
export const FIRST_SCREEN_ELEMENT_ID = 'barrio-first-screen';

/** How long after the page loaded its answers may stand in for a request (ms). */
export const FIRST_SCREEN_FRESH_MS = 30_000;

/** `/api/vendors?limit=12&offset=0` → the path with its query parameters sorted. */
export function firstScreenKey(url: URL): string {
  const params = [...url.searchParams].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1,
  );
  const query = new URLSearchParams(params).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * The attribute of `#root` set when the server drew the first screen into it (decision 029): its
 * value is the language it was drawn in.
 */
export const FIRST_SCREEN_DRAWN_ATTRIBUTE = 'data-first-screen';
