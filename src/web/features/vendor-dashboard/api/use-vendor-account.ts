import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  VendorAccountProfile,
  VendorProfilePatchInput,
  VendorServiceInput,
  VendorServicePatchInput,
} from '../../../../shared/vendor-signup.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const vendorAccountKeys = {
  profile: ['vendor-account', 'profile'] as const,
  services: ['vendor-account', 'services'] as const,
};

type PatchBody = Parameters<(typeof api.vendor.profile)['$patch']>[0]['json'];
type ServiceBody = Parameters<(typeof api.vendor.services)['$post']>[0]['json'];
type ServicePatchBody = Parameters<(typeof api.vendor.services)[':id']['$patch']>[0]['json'];

// hc types request bodies by the validator's OUTPUT; we send the schema's INPUT (the phone as typed
// with its country, optional fields left out), which the same schema turns into that output.

/** GET /api/vendor/profile: the dashboard's data. 401/403 surface as ApiError for the screen. */
export function useVendorAccountProfile() {
  return useQuery({
    queryKey: vendorAccountKeys.profile,
    queryFn: () => unwrap(api.vendor.profile.$get()),
    retry: false,
  });
}

/** PATCH /api/vendor/profile: Edit Profile, Update Availability, Booking Settings. */
export function useUpdateVendorAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorProfilePatchInput) =>
      unwrap(api.vendor.profile.$patch({ json: input as PatchBody })),
    onSuccess: (profile: VendorAccountProfile) =>
      queryClient.setQueryData(vendorAccountKeys.profile, profile),
  });
}

export function useVendorServices() {
  return useQuery({
    queryKey: vendorAccountKeys.services,
    queryFn: () => unwrap(api.vendor.services.$get()),
  });
}

export function useSaveVendorService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: VendorServiceInput | VendorServicePatchInput }) =>
      id
        ? unwrap(api.vendor.services[':id'].$patch({ param: { id }, json: input as ServicePatchBody }))
        : unwrap(api.vendor.services.$post({ json: input as ServiceBody })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorAccountKeys.services }),
  });
}

/** DELETE deactivates (the server keeps the row for past bookings). */
export function useDeactivateVendorService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.vendor.services[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorAccountKeys.services }),
  });
}
