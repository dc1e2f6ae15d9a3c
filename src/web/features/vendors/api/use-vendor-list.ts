import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { type CategoryKey, isCategoryKey } from '../../../../shared/categories.ts';
import { BROWSE_PAGE_SIZE, MIN_SEARCH_LENGTH } from '../../../../shared/constants.ts';
import type { VendorListResponse } from '../../../../shared/vendor.schemas.ts';
import { type ApiClient, api, unwrap } from '../../../lib/api-client.ts';

export interface VendorListFilters {
  category?: CategoryKey;
  /** Matched by the server against business_name and service_category (product §5). */
  q?: string;
}

/** The address's search parameter that holds the search text. */
export const SEARCH_PARAM = 'q';

/**
 * The list's filters as the address gives them: a `category` outside `categories` is ignored, and a
 * search shorter than the server accepts is not sent (decision 024). The screen and its prefetch
 * (app/router.tsx) both read them here, so the server renders the list the browser asks for.
 */
export function filtersFromSearch(
  params: URLSearchParams,
  categories: readonly CategoryKey[],
): VendorListFilters {
  const category = params.get('category') ?? '';
  const q = (params.get(SEARCH_PARAM) ?? '').trim();
  return {
    category: isCategoryKey(category) && categories.includes(category) ? category : undefined,
    q: q.length >= MIN_SEARCH_LENGTH ? q : undefined,
  };
}

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (filters: VendorListFilters, pageSize: number) =>
    ['vendors', 'list', { category: filters.category ?? null, q: filters.q ?? '', pageSize }] as const,
};

type VendorListQuery = InferRequestType<ApiClient['vendors']['$get']>['query'];

function vendorPageQuery(filters: VendorListFilters, offset: number, limit: number) {
  const query: VendorListQuery & Record<string, string> = { offset: String(offset), limit: String(limit) };
  if (filters.category) query.category = filters.category;
  if (filters.q) query.q = filters.q;
  return query;
}

/** GET /api/vendors (ARCHITECTURE §6): newest first, offset paging. */
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
