import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccount, VendorEarnings } from '../../../../shared/payout.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

// The dashboard's Earnings (ARCHITECTURE §7.1): GET /api/vendor/earnings, PUT
// /api/vendor/payout-account and POST /api/vendor/payout-account/stripe. Under the `vendor-account` key, so that signing out drops them with
// the rest of the vendor's data.

export const earningsKey = ['vendor-account', 'earnings'] as const;

export function useVendorEarnings() {
  return useQuery({
    queryKey: earningsKey,
    queryFn: ({ signal }): Promise<VendorEarnings> =>
      unwrap(api.vendor.earnings.$get({}, { init: { signal } })),
  });
}

/** Gives or replaces the CLABE; the earnings are read again (the account is part of them). */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccount) => unwrap(api.vendor['payout-account'].$put({ json: input })),
    onSuccess: (account) => {
      queryClient.setQueryData<VendorEarnings>(earningsKey, (before) =>
        before ? { ...before, payout_account: account } : before,
      );
      return queryClient.invalidateQueries({ queryKey: earningsKey });
    },
  });
}

/**
 * Asks for a Stripe onboarding link (decision 065: the Express account is made once, each link is
 * fresh) and sends the browser there; Stripe brings the vendor back to the dashboard.
 */
export function useStartStripeOnboarding() {
  return useMutation({
    mutationFn: () => unwrap(api.vendor['payout-account'].stripe.$post()),
    // A link is single-use and expires within minutes: followed at once, never kept.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
