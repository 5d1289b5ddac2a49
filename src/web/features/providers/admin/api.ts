// The vendor detail's calls: the provider (GET /admin/vendors/:id), its price list (GET and PUT
// /admin/vendors/:id/prices), its status (POST
// /services/updateUserStatus), its block (POST /transaction/blockUser) and its account (POST
// /users/adminAddVendor, which also adds contractors). After a change the detail and the
// contractor list read the server again, so they show what it stored.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorInput, MemberRow } from '../../../../contract/admin.js';
import type { PriceItem, PricesBody } from '../../../../contract/checkout.js';
import type { VendorDetail } from '../../../../contract/providers.js';
import { api, fill } from '../../../../contract/paths.js';
import { ApiError, get, post, request } from '../../../lib/api.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export const vendorKeys = {
  detail: (id: string) => ['admin', 'vendor', id] as const,
  prices: (id: string) => ['admin', 'vendor', id, 'prices'] as const,
};

export function useVendorDetail(id: string) {
  return useQuery({
    queryKey: vendorKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await get<VendorDetail>(fill(api.adminVendorDetail, { id }), { scope: 'admin', signal })).data,
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
    mutationFn: (status: '0' | '1') =>
      post<{ status: '0' | '1' }>(api.updateUserStatus, { _id: id, status }, { scope: 'admin' }),
    onSuccess: refresh,
  });
}

export function useSetVendorBlocked(id: string) {
  const refresh = useRefreshVendor(id);
  return useMutation({
    mutationFn: (isBlocked: boolean) =>
      post<{ isBlocked: boolean }>(api.blockUser, { id, isBlocked }, { scope: 'admin' }),
    onSuccess: refresh,
  });
}

/** POST /v1/users/adminAddVendor: a new contractor, or one corrected (with its id). */
export function useSaveVendor() {
  const queryClient = useQueryClient();
  const invalidateList = useInvalidateList();
  return useMutation({
    mutationFn: async (body: AdminVendorInput) =>
      (await post<MemberRow>(api.adminAddVendor, body, { scope: 'admin' })).data,
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
      (await get<PriceItem[]>(fill(api.adminVendorPrices, { id }), { scope: 'admin', signal })).data,
  });
}

/** PUT /v1/admin/vendors/:id/prices: the corrected list; the answer is the list as stored. */
export function useSaveVendorPrices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricesBody) =>
      request<PriceItem[]>(fill(api.adminVendorPrices, { id }), { method: 'PUT', body, scope: 'admin' }),
    onSuccess: (response) => queryClient.setQueryData(vendorKeys.prices(id), response.data),
  });
}
