import { useQuery } from '@tanstack/react-query';
import type { PublicVendorDetail, VendorItemsResponse } from '../../../../shared/vendor.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { firstScreenAnsweredAt, takeFirstScreenData } from '../../../lib/first-screen.ts';

export const vendorProfileKeys = {
  featured: ['vendors', 'featured'] as const,
  detail: (idOrSlug: string) => ['vendors', 'detail', idOrSlug] as const,
  similar: (idOrSlug: string) => ['vendors', 'similar', idOrSlug] as const,
};

/** GET /api/vendors/featured: Home's featured vendors (product §9: 3, chosen by the server). */
export function useFeaturedVendors() {
  return useQuery({
    queryKey: vendorProfileKeys.featured,
    queryFn: ({ signal }): Promise<VendorItemsResponse> =>
      unwrap(api.vendors.featured.$get({}, { init: { signal } })),
    initialDataUpdatedAt: firstScreenAnsweredAt,
    initialData: () => takeFirstScreenData<VendorItemsResponse>('/api/vendors/featured')?.data,
  });
}

/** GET /api/vendors/:idOrSlug: the public profile; a 404 is an ApiError with status 404. */
export function useVendorProfile(idOrSlug: string) {
  return useQuery({
    queryKey: vendorProfileKeys.detail(idOrSlug),
    queryFn: ({ signal }): Promise<PublicVendorDetail> =>
      unwrap(api.vendors[':idOrSlug'].$get({ param: { idOrSlug } }, { init: { signal } })),
    initialDataUpdatedAt: firstScreenAnsweredAt,
    initialData: () =>
      takeFirstScreenData<PublicVendorDetail>(`/api/vendors/${encodeURIComponent(idOrSlug)}`)?.data,
  });
}

/** GET /api/vendors/:idOrSlug/similar (product §7: up to 10). */
export function useSimilarVendors(idOrSlug: string, enabled = true) {
  return useQuery({
    queryKey: vendorProfileKeys.similar(idOrSlug),
    queryFn: ({ signal }): Promise<VendorItemsResponse> =>
      unwrap(api.vendors[':idOrSlug'].similar.$get({ param: { idOrSlug } }, { init: { signal } })),
    initialDataUpdatedAt: firstScreenAnsweredAt,
    initialData: () =>
      takeFirstScreenData<VendorItemsResponse>(`/api/vendors/${encodeURIComponent(idOrSlug)}/similar`)?.data,
    enabled,
  });
}
