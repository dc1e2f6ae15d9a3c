import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_FRESH_MS } from '../../shared/first-screen.ts';

// The page's own API answers (lib/first-screen.ts): each stands in for one GET, once, just after load.

async function loadWith(content: string | null) {
  vi.resetModules();
  document.head.innerHTML = '';
  if (content !== null) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_SCREEN_ELEMENT_ID;
    element.textContent = content;
    document.head.append(element);
  }
  return import('./first-screen.ts');
}

const featured = { items: [{ slug: 'brillo' }] };
const page = JSON.stringify({
  '/api/vendors/featured': featured,
  '/api/vendors?category=pets&limit=12&offset=0': { items: [], hasMore: false },
  '/api/auth/get-session': null,
});

describe('first screen answers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a GET the page carries, once, then leaves it to the network', async () => {
    const { takeFirstScreenAnswer } = await loadWith(page);
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    const response = takeFirstScreenAnswer('/api/vendors/featured');
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('application/json');
    expect(await response?.json()).toEqual(featured);
    expect(takeFirstScreenAnswer('/api/vendors/featured')).toBeUndefined();
  });

  it('finds an answer whatever the order of the query, and a null answer too', async () => {
    const { takeFirstScreenAnswer } = await loadWith(page);
    const list = takeFirstScreenAnswer(
      new URL('http://localhost/api/vendors?offset=0&limit=12&category=pets'),
    );
    expect(await list?.json()).toEqual({ items: [], hasMore: false });
    expect(
      await takeFirstScreenAnswer('/api/auth/get-session', { credentials: 'same-origin' })?.json(),
    ).toBeNull();
  });

  it('never answers another method, another query or another path', async () => {
    const { takeFirstScreenAnswer } = await loadWith(page);
    expect(takeFirstScreenAnswer('/api/vendors/featured', { method: 'POST' })).toBeUndefined();
    expect(takeFirstScreenAnswer('/api/vendors?offset=0&limit=12&category=cooking')).toBeUndefined();
    expect(takeFirstScreenAnswer('/api/vendors/brillo')).toBeUndefined();
    expect(takeFirstScreenAnswer('/api/vendors/featured')).toBeDefined();
  });

  it('lets the answers go once the page is no longer fresh', async () => {
    const { takeFirstScreenAnswer } = await loadWith(page);
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_FRESH_MS + 1);
    expect(takeFirstScreenAnswer('/api/vendors/featured')).toBeUndefined();
  });

  it('asks the network when the page has no answers or damaged ones', async () => {
    for (const content of [null, '{"/api/vendors/featured": ']) {
      const { takeFirstScreenAnswer, fetchWithFirstScreen } = await loadWith(content);
      expect(takeFirstScreenAnswer('/api/vendors/featured')).toBeUndefined();
      const network = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"items":[]}'));
      expect(await (await fetchWithFirstScreen('/api/vendors/featured')).json()).toEqual({ items: [] });
      expect(network).toHaveBeenCalledWith('/api/vendors/featured', undefined);
      network.mockRestore();
    }
  });

  it('gives a query its initial data from the page, once, whatever the order of the query', async () => {
    const { takeFirstScreenData, takeFirstScreenAnswer } = await loadWith(page);
    expect(takeFirstScreenData('/api/vendors', { offset: '0', limit: '12', category: 'pets' })).toEqual({
      data: { items: [], hasMore: false },
    });
    expect(
      takeFirstScreenData('/api/vendors', { offset: '0', limit: '12', category: 'pets' }),
    ).toBeUndefined();
    // A null answer is data (nobody signed in), told apart from no answer at all.
    expect(takeFirstScreenData('/api/auth/get-session')).toEqual({ data: null });
    expect(takeFirstScreenData('/api/vendors/brillo')).toBeUndefined();
    // Data and Response share the answers: one taken as data is not answered again.
    expect(takeFirstScreenData('/api/vendors/featured')).toEqual({ data: featured });
    expect(takeFirstScreenAnswer('/api/vendors/featured')).toBeUndefined();
  });

  it('gives initial data however late, dated when the page was asked for (decision 031)', async () => {
    const { takeFirstScreenData, firstScreenAnsweredAt } = await loadWith(page);
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_FRESH_MS + 1);
    // The markup the server drew from it is taken over with it: a query refetches it once stale.
    expect(takeFirstScreenData('/api/vendors/featured')).toEqual({ data: featured });
    expect(firstScreenAnsweredAt()).toBe(Math.round(performance.timeOrigin));
  });

  it('dates the answers of a render on the server as it draws', async () => {
    const { withFirstScreenAnswers, firstScreenAnsweredAt } = await loadWith(null);
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    expect(
      withFirstScreenAnswers(new Map([['/api/vendors/featured', featured]]), firstScreenAnsweredAt),
    ).toBe(1_700_000_000_000);
  });
});
