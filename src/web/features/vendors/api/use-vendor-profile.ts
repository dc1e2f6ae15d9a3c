import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicVendorDetail, VendorItemsResponse } from '../../../../shared/vendor.schemas.ts';
import { type ApiClient, api, unwrap } from '../../../lib/api-client.ts';

export const vendorProfileKeys = {
  featured: ['vendors', 'featured'] as const,
  detail: (idOrSlug: string) => ['vendors', 'detail', idOrSlug] as const,
  similar: (idOrSlug: string) => ['vendors', 'similar', idOrSlug] as const,
};

// Each read as query options, used by the screen's hook and by its route's prefetch (app/router.tsx).
// `client`: the server render's own (web/ssr/render.tsx); the browser's by default.

/** GET /api/vendors/featured: Home's featured vendors (product §9: 3, chosen by the server). */
export function featuredVendorsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: vendorProfileKeys.featured,
    queryFn: ({ signal }): Promise<VendorItemsResponse> =>
      unwrap(client.vendors.featured.$get({}, { init: { signal } })),
  });
}

/** GET /api/vendors/:idOrSlug: the public profile; a 404 is an ApiError with status 404. */
export function vendorProfileQuery(idOrSlug: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: vendorProfileKeys.detail(idOrSlug),
    queryFn: ({ signal }): Promise<PublicVendorDetail> =>
      unwrap(client.vendors[':idOrSlug'].$get({ param: { idOrSlug } }, { init: { signal } })),
  });
}

/** GET /api/vendors/:idOrSlug/similar (product §7: up to 10). */
export function similarVendorsQuery(idOrSlug: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: vendorProfileKeys.similar(idOrSlug),
    queryFn: ({ signal }): Promise<VendorItemsResponse> =>
      unwrap(client.vendors[':idOrSlug'].similar.$get({ param: { idOrSlug } }, { init: { signal } })),
  });
}

export function useFeaturedVendors() {
  return useQuery(featuredVendorsQuery());
}

export function useVendorProfile(idOrSlug: string) {
  return useQuery(vendorProfileQuery(idOrSlug));
}

export function useSimilarVendors(idOrSlug: string, enabled = true) {
  return useQuery({ ...similarVendorsQuery(idOrSlug), enabled });
}
