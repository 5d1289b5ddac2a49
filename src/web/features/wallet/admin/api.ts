// The money screens' calls (/transaction/*) and their TanStack Query hooks. Every
// mutation refreshes what it changed: a member's detail, transactions and tickets, or the withdraw list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fill, api } from '../../../../contract/paths.js';
import type {
  DistributionPreview,
  DistributionResult,
  DistributionType,
  MemberDetail,
  MemberTicket,
  RiskCategory,
  WalletTransaction,
} from '../../../../contract/wallet.js';
import { get, post } from '../../../lib/api.js';
import { useSubmitKeys } from '../../../lib/submit-key.js';
import { useInvalidateList } from '../../../ui/listing/useListing.js';

const scope = 'admin' as const;

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
      (await get<MemberDetail>(fill(api.userAllDetail, { id: id ?? '' }), { scope, signal })).data,
    enabled: Boolean(id),
    retry: false,
  });
}

/** One page of a member's list, and its meta (page, limit, total). */
async function memberPage<Row>(path: string, page: number, status: string | null, signal: AbortSignal) {
  const response = await get<Row[]>(path, { scope, signal, query: { page, status: status ?? undefined } });
  return {
    items: response.data,
    meta: response.meta ?? { page, limit: response.data.length, total: response.data.length },
  };
}

// GET /transaction/userTransactions/:id?page=&status=
export function useMemberTransactions(id: string, page: number, status: WalletTransaction['status'] | null) {
  return useQuery({
    queryKey: walletKeys.transactions(id, page, status),
    queryFn: ({ signal }) => memberPage<WalletTransaction>(fill(api.userTransactions, { id }), page, status, signal),
    placeholderData: keepPreviousData,
  });
}

// GET /transaction/userTickets/:id?page=&status=
export function useMemberTickets(id: string, page: number, status: MemberTicket['status'] | null) {
  return useQuery({
    queryKey: walletKeys.tickets(id, page, status),
    queryFn: ({ signal }) => memberPage<MemberTicket>(fill(api.userTickets, { id }), page, status, signal),
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
      post<unknown>(api.addBalanceToUser, { amount, id }, { scope, idempotencyKey: keys.for({ amount, id }) }),
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
    mutationFn: (isBlocked: boolean) => post<{ isBlocked: boolean }>(api.blockUser, { isBlocked, id }, { scope }),
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
      post<unknown>(action === 'initiate' ? api.initiateWithdraw : api.cancelWithdraw, { id }, { scope }),
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
    queryFn: async ({ signal }) => (await get<RiskCategory[]>(api.riskCategories, { scope, signal })).data,
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
    mutationFn: async (input: DistributionInput) =>
      (await post<DistributionPreview>(api.calculatePercentage, input, { scope })).data,
  });
}

// POST /transaction/adminDistribution { …the preview's inputs, previewKey }
export function useDistribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DistributionInput & { previewKey: string }) =>
      post<DistributionResult>(api.adminDistribution, input, { scope }),
    // Every member's figures may have moved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'wallet', 'member'] }),
  });
}
