import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimChannel } from '../../../../shared/vendor-claim.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const vendorClaimKeys = { state: ['vendor-account', 'claim'] as const };

/** GET /api/vendor/claim: whether the account may claim an admin-created profile. */
export function useVendorClaim() {
  return useQuery({
    queryKey: vendorClaimKeys.state,
    queryFn: () => unwrap(api.vendor.claim.$get()),
    retry: false,
  });
}

/** POST /api/vendor/claim/start: a one-time code to the profile's stored WhatsApp or email. */
export function useStartVendorClaim() {
  return useMutation({
    mutationFn: (channel: ClaimChannel) => unwrap(api.vendor.claim.start.$post({ json: { channel } })),
  });
}

/** POST /api/vendor/claim/verify: on success the account's profile is the claimed one. */
export function useVerifyVendorClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => unwrap(api.vendor.claim.verify.$post({ json: { code } })),
    // Every read of the vendor's own data now answers for the claimed profile.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vendor-account'] }),
  });
}
