import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_FRESH_MS, firstScreenKey } from '../../shared/first-screen.ts';

// The API answers the server put into a public page (src/server/features/link-previews/first-screen.ts,
// docs/decisions/025-first-screen-in-the-page.md): the first screen's reads, without a round trip.
// Each answer stands in for one request, once. As a query's first data it is always used: the
// markup the server drew from it is taken over with it, however late the app starts (decision 031),
// and the query refetches it once it is older than its staleTime. As a fetch's answer it stands in
// only just after the page loaded; anything later asks the server as usual.

function readAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map(); // a damaged page: the app asks the server instead
  } finally {
    element.remove();
  }
}

const pageAnswers = readAnswers();
const pageCameWithAnswers = pageAnswers.size > 0;
/** The page's answers, or the server's for the one render it is drawing (withFirstScreenAnswers). */
let answers = pageAnswers;

/**
 * Whether the page came with its first screen's answers: markup the server drew from them
 * (decision 029) is only taken over with them, since the first render draws from them too.
 */
export function cameWithFirstScreenAnswers(): boolean {
  return pageCameWithAnswers;
}

/**
 * Draws with these answers instead of the page's: the server's render of a public page's first
 * screen (src/web/app/render-first-screen.tsx, decision 029), the same answers it puts into that
 * page. The draw is synchronous, so no other request ever sees them.
 */
export function withFirstScreenAnswers<T>(given: Map<string, unknown>, draw: () => T): T {
  answers = given;
  try {
    return draw();
  } finally {
    answers = pageAnswers;
  }
}

/**
 * When the answers were made, as a query's `initialDataUpdatedAt`: the page's when it was asked for
 * (close enough: the server answers in milliseconds), the server's render's now.
 */
export function firstScreenAnsweredAt(): number {
  return answers === pageAnswers ? Math.round(performance.timeOrigin) : Date.now();
}

/**
 * The answer for this request key, once; undefined when there is none. `fresh`: only while the page
 * is fresh (the server's answers are as fresh as its render; only the page's grow stale).
 */
function take(url: URL, { fresh }: { fresh: boolean }): { body: unknown } | undefined {
  if (answers.size === 0) return undefined;
  if (fresh && answers === pageAnswers && performance.now() > FIRST_SCREEN_FRESH_MS) return undefined;
  const key = firstScreenKey(url);
  if (!answers.has(key)) return undefined;
  const body = answers.get(key);
  answers.delete(key);
  return { body };
}

/** The page's answer to a GET, as a Response, or undefined when the app must ask the server. */
export function takeFirstScreenAnswer(input: RequestInfo | URL, init?: RequestInit): Response | undefined {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (answers.size === 0 || method.toUpperCase() !== 'GET') return undefined;
  const answer = take(new URL(input instanceof Request ? input.url : String(input), window.location.origin), {
    fresh: true,
  });
  if (!answer) return undefined;
  return new Response(JSON.stringify(answer.body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * The page's answer to `GET path?query` as data, once, however old: a query's `initialData`, so that
 * the first screen is drawn with its data in the first render instead of one task later (decision
 * 027), as the server drew it; with `initialDataUpdatedAt: firstScreenAnsweredAt` the query
 * refetches an answer older than its staleTime.
 */
export function takeFirstScreenData<T>(
  path: string,
  query: Record<string, string> = {},
): { data: T } | undefined {
  if (answers.size === 0) return undefined;
  // Only the path and the query name an answer (firstScreenKey): any origin will do, the server has none.
  const url = new URL(path, 'http://first.screen');
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const answer = take(url, { fresh: false });
  return answer && { data: answer.body as T };
}

/** fetch, answered from the page where it can be. */
export const fetchWithFirstScreen: typeof fetch = (input, init) =>
  Promise.resolve(takeFirstScreenAnswer(input, init) ?? fetch(input, init));
