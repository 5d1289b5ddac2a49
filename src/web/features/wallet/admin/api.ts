// The money screens' calls (/transaction/*) and their TanStack Query hooks. Every
// mutation refreshes what it changed: a member's detail, transactions and tickets, or the withdraw list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletAdminEndpoints } from '../../../../contract/endpoints/wallet.js';
import type { DistributionType, MemberDetail, MemberTicket, WalletTransaction } from '../../../../contract/wallet.js';
import type { Endpoint } from '../../../../contract/endpoint.js';
import { call } from '../../../lib/api.js';
import { useSubmitKeys } from '../../../lib/submit-key.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

export const walletKeys = {
  riskCategories: ['admin', 'wallet', 'riskCategories'] as const,
  /** Everything shown of one member: what a change to their wallet invalidates. */
  member: (id: string) => ['admin', 'wallet', 'member', id] as const,
  detail: (id: string) => ['admin', 'wallet', 'member', id, 'detail'] as const,
  transactions: (id: string, page: number, status: string | null) =>
    ['admin', 'wallet', 'member', id, 'transactions', page, status] as const,
  tickets: (id: string, page: number, status: string | null) =>
    ['admin', 'wallet', 'member', id, 'tickets', page, status] as const,
};

// GET /transaction/userAllDetail/:id
export function useMemberDetail(id: string | null) {
  return useQuery({
    queryKey: walletKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await call(walletAdminEndpoints.member, undefined, { params: { id: id ?? '' }, signal })).data,
    enabled: Boolean(id),
    retry: false,
  });
}

/** One page of a member's list (its transactions or tickets), and its meta (page, limit, total). */
async function memberPage<Row>(
  endpoint: Endpoint<undefined, Row[]>,
  id: string,
  page: number,
  status: string | null,
  signal: AbortSignal,
) {
  const response = await call(endpoint, undefined, {
    params: { id },
    query: { page, status: status ?? undefined },
    signal,
  });
  return {
    items: response.data,
    meta: response.meta ?? { page, limit: response.data.length, total: response.data.length },
  };
}

// GET /transaction/userTransactions/:id?page=&status=
export function useMemberTransactions(id: string, page: number, status: WalletTransaction['status'] | null) {
  return useQuery({
    queryKey: walletKeys.transactions(id, page, status),
    queryFn: ({ signal }) => memberPage(walletAdminEndpoints.memberTransactions, id, page, status, signal),
    placeholderData: keepPreviousData,
  });
}

// GET /transaction/userTickets/:id?page=&status=
export function useMemberTickets(id: string, page: number, status: MemberTicket['status'] | null) {
  return useQuery({
    queryKey: walletKeys.tickets(id, page, status),
    queryFn: ({ signal }) => memberPage(walletAdminEndpoints.memberTickets, id, page, status, signal),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateMember() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.invalidateQueries({ queryKey: walletKeys.member(id) });
}

// POST /transaction/addBalanceToUser { amount (dollars, as typed), id }
export function useAddBalance(id: string) {
  const invalidate = useInvalidateMember();
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: (amount: string) =>
      call(walletAdminEndpoints.addBalance, { amount, id }, { idempotencyKey: keys.for({ amount, id }) }),
    onSuccess: () => {
      keys.renew();
      return invalidate(id);
    },
  });
}

// POST /transaction/blockUser { isBlocked, id } → { isBlocked } as stored
export function useBlockUser(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMember();
  return useMutation({
    mutationFn: (isBlocked: boolean) => call(walletAdminEndpoints.block, { isBlocked, id }),
    onSuccess: (response) => {
      // The label follows what the server stored, before the refetch lands.
      queryClient.setQueryData<MemberDetail>(walletKeys.detail(id), (detail) =>
        detail ? { ...detail, user: { ...detail.user, isBlocked: response.data.isBlocked } } : detail,
      );
      void invalidate(id);
    },
  });
}

export type WithdrawAction = 'initiate' | 'cancel';

/**
 * POST /transaction/initiateAdminWithdrawRequest or /cancelWithdrawRequest { id }. Settled either
 * way, what shows the request is refreshed: a refusal (resolved meanwhile) means the row is stale.
 */
export function useResolveWithdraw(refresh: { listPath?: string; memberId?: string }) {
  const invalidateList = useInvalidateList();
  const invalidateMember = useInvalidateMember();
  return useMutation({
    mutationFn: ({ action, id }: { action: WithdrawAction; id: string }) =>
      call(action === 'initiate' ? walletAdminEndpoints.initiateWithdraw : walletAdminEndpoints.cancelWithdraw, { id }),
    onSettled: () => {
      if (refresh.listPath) void invalidateList(refresh.listPath);
      if (refresh.memberId) void invalidateMember(refresh.memberId);
    },
  });
}

// GET /transaction/riskCategories: the two fixed categories and their labels.
export function useRiskCategories() {
  return useQuery({
    queryKey: walletKeys.riskCategories,
    queryFn: async ({ signal }) => (await call(walletAdminEndpoints.riskCategories, undefined, { signal })).data,
    staleTime: Infinity,
  });
}

/** What /profit sends: the category id, profit or loss, and the percentage as typed (≤ 2 decimals). */
export interface DistributionInput {
  riskCategory: string;
  transaction_type: DistributionType;
  percentage: string;
}

// POST /transaction/calculatePercentage → the preview
export function useCalculateDistribution() {
  return useMutation({
    mutationFn: async (input: DistributionInput) => (await call(walletAdminEndpoints.preview, input)).data,
  });
}

// POST /transaction/adminDistribution { …the preview's inputs, previewKey }
export function useDistribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DistributionInput & { previewKey: string }) => call(walletAdminEndpoints.distribute, input),
    // Every member's figures may have moved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'wallet', 'member'] }),
  });
}
