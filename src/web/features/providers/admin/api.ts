// The vendor detail's calls: the provider (GET /admin/vendors/:id), its price list (GET and PUT
// /admin/vendors/:id/prices), its status (POST
// /services/updateUserStatus), its block (POST /transaction/blockUser) and its account (POST
// /users/adminAddVendor, which also adds contractors). After a change the detail and the
// contractor list read the server again, so they show what it stored.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorInput } from '../../../../contract/admin.js';
import type { PricesBody } from '../../../../contract/checkout.js';
import { bookingAdminEndpoints } from '../../../../contract/endpoints/bookings.js';
import { providerAdminEndpoints } from '../../../../contract/endpoints/providers.js';
import { walletAdminEndpoints } from '../../../../contract/endpoints/wallet.js';
import { api } from '../../../../contract/paths.js';
import { ApiError, call } from '../../../lib/api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export const vendorKeys = {
  detail: (id: string) => ['admin', 'vendor', id] as const,
  prices: (id: string) => ['admin', 'vendor', id, 'prices'] as const,
};

export function useVendorDetail(id: string) {
  return useQuery({
    queryKey: vendorKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await call(providerAdminEndpoints.detail, undefined, { params: { id }, signal })).data,
    enabled: id !== '',
    // A 404 stays a 404.
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiError && (error.status === 404 || error.status === 400)),
  });
}

function useRefreshVendor(id: string) {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: vendorKeys.detail(id) }), invalidateList(api.adminVendors)]);
}

export function useSetVendorStatus(id: string) {
  const refresh = useRefreshVendor(id);
  return useMutation({
    mutationFn: (status: '0' | '1') => call(walletAdminEndpoints.setStatus, { _id: id, status }),
    onSuccess: refresh,
  });
}

export function useSetVendorBlocked(id: string) {
  const refresh = useRefreshVendor(id);
  return useMutation({
    mutationFn: (isBlocked: boolean) => call(walletAdminEndpoints.block, { id, isBlocked }),
    onSuccess: refresh,
  });
}

/** POST /v1/users/adminAddVendor: a new contractor, or one corrected (with its id). */
export function useSaveVendor() {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  return useMutation({
    mutationFn: async (body: AdminVendorInput) => (await call(providerAdminEndpoints.save, body)).data,
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorKeys.detail(saved._id) }),
        invalidateList(api.adminVendors),
      ]),
  });
}

/** GET /v1/admin/vendors/:id/prices: the provider's price list, one line per offered service. */
export function useVendorPrices(id: string) {
  return useQuery({
    queryKey: vendorKeys.prices(id),
    queryFn: async ({ signal }) =>
      (await call(bookingAdminEndpoints.providerPrices, undefined, { params: { id }, signal })).data,
  });
}

/** PUT /v1/admin/vendors/:id/prices: the corrected list; the answer is the list as stored. */
export function useSaveVendorPrices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricesBody) => call(bookingAdminEndpoints.saveProviderPrices, body, { params: { id } }),
    onSuccess: (response) => queryClient.setQueryData(vendorKeys.prices(id), response.data),
  });
}
