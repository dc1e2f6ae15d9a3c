import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { CategoryKey } from '../../../../shared/categories.ts';
import { BROWSE_PAGE_SIZE } from '../../../../shared/constants.ts';
import type { VendorListResponse } from '../../../../shared/vendor.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { firstScreenAnsweredAt, takeFirstScreenData } from '../../../lib/first-screen.ts';

export interface VendorListFilters {
  category?: CategoryKey;
  /** Matched by the server against business_name and service_category (product §5). */
  q?: string;
}

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (filters: VendorListFilters, pageSize: number) =>
    ['vendors', 'list', { category: filters.category ?? null, q: filters.q ?? '', pageSize }] as const,
};

type VendorListQuery = InferRequestType<typeof api.vendors.$get>['query'];

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
  signal?: AbortSignal,
): Promise<VendorListResponse> {
  return unwrap(api.vendors.$get({ query: vendorPageQuery(filters, offset, limit) }, { init: { signal } }));
}

/**
 * The vendor list as pages of `pageSize` (product §9: browse 6, directory 12). The next page starts
 * after the vendors loaded so far, while the server says there are more. The previous list stays on
 * screen while a new filter loads, so the page does not jump.
 */
export function useVendorList(filters: VendorListFilters, pageSize: number = BROWSE_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: vendorKeys.list(filters, pageSize),
    queryFn: ({ pageParam, signal }) => fetchVendorPage(filters, pageParam, pageSize, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.hasMore ? pages.reduce((loaded, page) => loaded + page.items.length, 0) : undefined,
    placeholderData: keepPreviousData,
    // The first page may have come inside the page (decision 025).
    initialDataUpdatedAt: firstScreenAnsweredAt,
    initialData: () => {
      const first = takeFirstScreenData<VendorListResponse>(
        '/api/vendors',
        vendorPageQuery(filters, 0, pageSize),
      );
      return first && { pages: [first.data], pageParams: [0] };
    },
  });
}
