import { useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '../../../../shared/availability/availability.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const availabilityKeys = {
  slots: (idOrSlug: string, serviceId: string) => ['availability', idOrSlug, serviceId] as const,
};

/** GET /api/vendors/:idOrSlug/availability: open start times for now … now + 14 days (product §9). */
export function useAvailability(idOrSlug: string, serviceId: string | undefined) {
  return useQuery({
    queryKey: availabilityKeys.slots(idOrSlug, serviceId ?? ''),
    queryFn: ({ signal }): Promise<AvailabilityResponse> =>
      unwrap(
        api.vendors[':idOrSlug'].availability.$get(
          { param: { idOrSlug }, query: { serviceId: serviceId ?? '' } },
          { init: { signal } },
        ),
      ),
    enabled: Boolean(serviceId),
    // The booking form falls back to demo slots at once (product §4); a retry would only delay it.
    retry: false,
    staleTime: 30_000,
  });
}
