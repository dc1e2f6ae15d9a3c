import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { addDays, bookableDays, isCalendarDay } from '../../../../shared/calendar-day.ts';
import { type CategoryKey, isCategoryKey } from '../../../../shared/categories.ts';
import { BOOKING_RANGE_DAYS, BROWSE_PAGE_SIZE, MIN_SEARCH_LENGTH } from '../../../../shared/constants.ts';
import type { VendorListResponse } from '../../../../shared/vendor.schemas.ts';
import { canonicalColonia, type VendorSort } from '../../../../shared/vendor-list-options.ts';
import { type ApiClient, api, unwrap } from '../../../lib/api-client.ts';

export interface VendorListFilters {
  category?: CategoryKey;
  /** Matched by the server against business_name and service_category (product §5). */
  q?: string;
  /** A colonia the vendor serves, as product §3's list writes it. */
  colonia?: string;
  /** A service priced within the range, in whole pesos, both ends included. */
  minPrice?: number;
  maxPrice?: number;
  /** Verified vendors only; absent is everyone. */
  verified?: true;
  /** At least one open slot that day (YYYY-MM-DD), from today to BOOKING_RANGE_DAYS ahead. */
  availableOn?: string;
  /** Best rated first; absent is the default order, relevance (newest first without a search). */
  sort?: Exclude<VendorSort, 'relevance'>;
}

/** The address's search parameter that holds the search text. */
export const SEARCH_PARAM = 'q';

/** The address's parameters of the filters panel: the API's own names (vendorListQuerySchema). */
export const FILTER_PARAMS = {
  colonia: 'colonia',
  minPrice: 'min_price',
  maxPrice: 'max_price',
  verified: 'verified',
  availableOn: 'available_on',
} as const;

/** The address's parameter of the order (the API's own name): `rating`, or absent for relevance. */
export const SORT_PARAM = 'sort';

/** The schema's highest price (vendor.schemas.ts `pesos`). */
export const MAX_PRICE_PESOS = 1_000_000;

/** A whole number of pesos the server accepts, else undefined ('', '12.5', '-3', 'abc'). */
export function pesosOf(text: string | null): number | undefined {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= MAX_PRICE_PESOS ? value : undefined;
}

/**
 * Today, YYYY-MM-DD, in Mexico City (the marketplace's zone): the first day `available_on` may name.
 * The browser and the server render read the same clock through here.
 */
export function todayInMexico(now: Date = new Date()): string {
  return bookableDays(now).min;
}

/** The days `available_on` may name: today to BOOKING_RANGE_DAYS ahead (the server refuses others). */
export function availableOnRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, BOOKING_RANGE_DAYS) };
}

/**
 * The list's filters as the address gives them: a `category` outside `categories` is ignored, and a
 * search shorter than the server accepts is not sent (decision 024). So is any filter the server
 * would refuse (a colonia outside product §3's list, a price that is not whole pesos, a lowest price
 * above the highest, a day outside the booking range): a mangled link still lists vendors. The
 * screen and its prefetch (app/router.tsx) both read them here, so the server renders the list the
 * browser asks for. `today`: the first day `available_on` may name (tests give their own).
 */
export function filtersFromSearch(
  params: URLSearchParams,
  categories: readonly CategoryKey[],
  today: string = todayInMexico(),
): VendorListFilters {
  const category = params.get('category') ?? '';
  const q = (params.get(SEARCH_PARAM) ?? '').trim();
  const colonia = canonicalColonia(params.get(FILTER_PARAMS.colonia) ?? '');
  let minPrice = pesosOf(params.get(FILTER_PARAMS.minPrice));
  let maxPrice = pesosOf(params.get(FILTER_PARAMS.maxPrice));
  // A range upside down matches nothing the person meant: neither end is sent.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    minPrice = undefined;
    maxPrice = undefined;
  }
  const day = params.get(FILTER_PARAMS.availableOn) ?? '';
  const { min, max } = availableOnRange(today);
  return {
    category: isCategoryKey(category) && categories.includes(category) ? category : undefined,
    q: q.length >= MIN_SEARCH_LENGTH ? q : undefined,
    colonia,
    minPrice,
    maxPrice,
    verified: params.get(FILTER_PARAMS.verified) === 'true' ? true : undefined,
    // YYYY-MM-DD strings compare as the days they name.
    availableOn: isCalendarDay(day) && day >= min && day <= max ? day : undefined,
    sort: params.get(SORT_PARAM) === 'rating' ? 'rating' : undefined,
  };
}

/** How many of the panel's filters are set (the Filters button's badge): a price range counts once. */
export function panelFilterCount(filters: VendorListFilters): number {
  return [
    filters.colonia,
    filters.minPrice ?? filters.maxPrice,
    filters.verified,
    filters.availableOn,
  ].filter((value) => value !== undefined).length;
}

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (filters: VendorListFilters, pageSize: number) =>
    [
      'vendors',
      'list',
      {
        category: filters.category ?? null,
        q: filters.q ?? '',
        colonia: filters.colonia ?? null,
        minPrice: filters.minPrice ?? null,
        maxPrice: filters.maxPrice ?? null,
        verified: filters.verified ?? false,
        availableOn: filters.availableOn ?? null,
        sort: filters.sort ?? 'relevance',
        pageSize,
      },
    ] as const,
};

type VendorListQuery = InferRequestType<ApiClient['vendors']['$get']>['query'];

function vendorPageQuery(filters: VendorListFilters, offset: number, limit: number): VendorListQuery {
  // The client writes each value into the address as text: 200, true → min_price=200, verified=true.
  // The default order is asked for by leaving `sort` out, so the lists' addresses stay as they were.
  const query: VendorListQuery = {
    offset: String(offset),
    limit: String(limit),
  };
  if (filters.category) query.category = filters.category;
  if (filters.q) query.q = filters.q;
  if (filters.colonia) query.colonia = filters.colonia;
  if (filters.minPrice !== undefined) query.min_price = filters.minPrice;
  if (filters.maxPrice !== undefined) query.max_price = filters.maxPrice;
  if (filters.verified) query.verified = true;
  if (filters.availableOn) query.available_on = filters.availableOn;
  if (filters.sort) query.sort = filters.sort;
  return query;
}

/** GET /api/vendors (ARCHITECTURE §6): relevance (newest first) or best rated, offset paging. */
export function fetchVendorPage(
  filters: VendorListFilters,
  offset: number,
  limit: number,
  { signal, client = api }: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<VendorListResponse> {
  return unwrap(
    client.vendors.$get({ query: vendorPageQuery(filters, offset, limit) }, { init: { signal } }),
  );
}

/**
 * The vendor list as pages of `pageSize` (product §9: browse 6, directory 12). The next page starts
 * after the vendors loaded so far, while the server says there are more. `client`: the server
 * render's own (web/ssr/render.tsx); the browser's by default.
 */
export function vendorListQuery(filters: VendorListFilters, pageSize: number, client: ApiClient = api) {
  return infiniteQueryOptions({
    queryKey: vendorKeys.list(filters, pageSize),
    queryFn: ({ pageParam, signal }) => fetchVendorPage(filters, pageParam, pageSize, { signal, client }),
    initialPageParam: 0,
    getNextPageParam: (lastPage: VendorListResponse, pages: VendorListResponse[]) =>
      lastPage.hasMore ? pages.reduce((loaded, page) => loaded + page.items.length, 0) : undefined,
  });
}

/** The list on screen. The previous list stays on screen while a new filter loads, so the page does not jump. */
export function useVendorList(filters: VendorListFilters, pageSize: number = BROWSE_PAGE_SIZE) {
  return useInfiniteQuery({ ...vendorListQuery(filters, pageSize), placeholderData: keepPreviousData });
}

/** The filters the panel sets (VendorDirectory's Filters button): all but the category and the search. */
export type PanelFilters = Pick<
  VendorListFilters,
  'colonia' | 'minPrice' | 'maxPrice' | 'verified' | 'availableOn'
>;

/** The address with the order `sort` (relevance: no parameter); the filters stay. */
export function withSort(params: URLSearchParams, sort: VendorSort): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (sort === 'rating') updated.set(SORT_PARAM, sort);
  else updated.delete(SORT_PARAM);
  return updated;
}

/** The address with its panel filters replaced by `filters`; the category, the search and the rest stay. */
export function withPanelFilters(params: URLSearchParams, filters: PanelFilters): URLSearchParams {
  const updated = new URLSearchParams(params);
  for (const name of Object.values(FILTER_PARAMS)) updated.delete(name);
  if (filters.colonia) updated.set(FILTER_PARAMS.colonia, filters.colonia);
  if (filters.minPrice !== undefined) updated.set(FILTER_PARAMS.minPrice, String(filters.minPrice));
  if (filters.maxPrice !== undefined) updated.set(FILTER_PARAMS.maxPrice, String(filters.maxPrice));
  if (filters.verified) updated.set(FILTER_PARAMS.verified, 'true');
  if (filters.availableOn) updated.set(FILTER_PARAMS.availableOn, filters.availableOn);
  return updated;
}
