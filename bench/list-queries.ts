import { BROWSE_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../src/shared/constants.ts';

/**
 * The Browse Vendors requests (GET /api/vendors) that bench/api.ts loads and bench/query-plans.ts
 * explains. In the seeded directory a demo vendor's word matches one vendor, a generated one about
 * a thousand, and every category holds about 6,700 of the 100,000.
 */
export const listQueries: { name: string; kind: 'browse' | 'search'; query: Record<string, string> }[] = [
  {
    name: 'browse: category cleaning',
    kind: 'browse',
    query: { category: 'cleaning', limit: `${BROWSE_PAGE_SIZE}` },
  },
  { name: 'browse: all, page 1', kind: 'browse', query: { limit: `${DIRECTORY_PAGE_SIZE}` } },
  {
    name: 'browse: deep page (offset 1200)',
    kind: 'browse',
    query: { offset: '1200', limit: `${DIRECTORY_PAGE_SIZE}` },
  },
  {
    name: 'search: selective "ixchel"',
    kind: 'search',
    query: { q: 'ixchel', limit: `${BROWSE_PAGE_SIZE}` },
  },
  {
    name: 'search: broad "limpieza"',
    kind: 'search',
    query: { q: 'limpieza', limit: `${BROWSE_PAGE_SIZE}` },
  },
  { name: 'search: shortest "ana"', kind: 'search', query: { q: 'ana', limit: `${BROWSE_PAGE_SIZE}` } },
  // A typo corrected through the lexicon, and two words that must both match.
  { name: 'search: typo "plomro"', kind: 'search', query: { q: 'plomro', limit: `${BROWSE_PAGE_SIZE}` } },
  {
    name: 'search: two words "limpieza condesa"',
    kind: 'search',
    query: { q: 'limpieza condesa', limit: `${BROWSE_PAGE_SIZE}` },
  },
  // About 90 of cleaning's vendors: rare within a common category, the costliest combination.
  {
    name: 'search: "ana" in cleaning',
    kind: 'search',
    query: { q: 'ana', category: 'cleaning', limit: `${BROWSE_PAGE_SIZE}` },
  },
  // The filters, alone, together and with a search ("available on" is not one
  // statement: decision 052).
  {
    name: 'filter: colonia Polanco',
    kind: 'browse',
    query: { colonia: 'Polanco', limit: `${BROWSE_PAGE_SIZE}` },
  },
  {
    name: 'filter: cleaning, $300–$500, verified',
    kind: 'browse',
    query: {
      category: 'cleaning',
      min_price: '300',
      max_price: '500',
      verified: 'true',
      limit: `${BROWSE_PAGE_SIZE}`,
    },
  },
  {
    name: 'search: "limpieza" in Coyoacán',
    kind: 'search',
    query: { q: 'limpieza', colonia: 'Coyoacán', limit: `${BROWSE_PAGE_SIZE}` },
  },
];
