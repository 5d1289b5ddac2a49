// The member's wallet calls (/v1/wallet/*) and their TanStack Query hooks. Every move answers the
// wallet afterwards: the figures are set from it at once, and the transaction list refetches.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { walletEndpoints } from '../../../contract/endpoints/wallet.js';
import type { MoveInput, WithdrawInput } from '../../../contract/member-wallet.js';
import type { TopUpInput } from '../../../contract/payments.js';
import { call } from '../../lib/api.js';
import { useSubmitKeys } from '../../lib/submit-key.js';

export const memberWalletKeys = {
  all: ['wallet', 'me'] as const,
  figures: () => [...memberWalletKeys.all, 'figures'] as const,
  transactions: (page: number) => [...memberWalletKeys.all, 'transactions', page] as const,
  topUp: (id: string) => [...memberWalletKeys.all, 'topUp', id] as const,
  paymentOptions: ['payments', 'options'] as const,
  payouts: ['payouts', 'me'] as const,
};

// GET /wallet/me
export function useMyWallet() {
  return useQuery({
    queryKey: memberWalletKeys.figures(),
    queryFn: async ({ signal }) => (await call(walletEndpoints.figures, undefined, { signal })).data,
  });
}

// GET /wallet/me/transactions?page=
export function useMyTransactions(page: number) {
  return useQuery({
    queryKey: memberWalletKeys.transactions(page),
    queryFn: async ({ signal }) => {
      const response = await call(walletEndpoints.transactions, undefined, { signal, query: { page } });
      return {
        items: response.data,
        meta: response.meta ?? { page, limit: response.data.length, total: response.data.length },
      };
    },
    placeholderData: keepPreviousData,
  });
}

export type WalletMove = { kind: 'invest' | 'divest'; body: MoveInput } | { kind: 'withdraw'; body: WithdrawInput };

// POST /wallet/invest | /wallet/divest { risk, amount } and /wallet/withdraw { amount }
export function useWalletMove() {
  const queryClient = useQueryClient();
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: (move: WalletMove) => call(walletEndpoints[move.kind], move.body, { idempotencyKey: keys.for(move) }),
    onSuccess: (response) => {
      keys.renew();
      queryClient.setQueryData(memberWalletKeys.figures(), response.data);
      void queryClient.invalidateQueries({ queryKey: memberWalletKeys.all });
    },
  });
}

// GET /payments/options: whether cards are taken here.
export function usePaymentOptions() {
  return useQuery({
    queryKey: memberWalletKeys.paymentOptions,
    queryFn: async ({ signal }) => (await call(walletEndpoints.paymentOptions, undefined, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

// POST /wallet/topups { amount }: the member then leaves for Stripe's page.
export function useStartTopUp() {
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: (body: TopUpInput) => call(walletEndpoints.topUp, body, { idempotencyKey: keys.for(body) }),
  });
}

/** How often, and how many times, the page asks while Stripe's webhook has not come yet. */
const topUpPoll = { ms: 1500, times: 80 };

// GET /wallet/topups/:id: asked again while open; once paid, the figures and transactions reload.
export function useTopUp(id: string | null) {
  const queryClient = useQueryClient();
  const topUp = useQuery({
    queryKey: memberWalletKeys.topUp(id ?? ''),
    queryFn: async ({ signal }) =>
      (await call(walletEndpoints.topUpOf, undefined, { params: { id: id ?? '' }, signal })).data,
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'open' && query.state.dataUpdateCount < topUpPoll.times ? topUpPoll.ms : false,
  });
  // Once, when it turns paid: a later read of the same top-up changes nothing in the wallet.
  const paid = topUp.data?.status === 'paid';
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: memberWalletKeys.figures() });
    void queryClient.invalidateQueries({ queryKey: [...memberWalletKeys.all, 'transactions'] });
  }, [paid, queryClient]);
  return topUp;
}

// GET /provider/payouts: the provider's Stripe account for payouts and its latest transfers.
export function usePayouts() {
  return useQuery({
    queryKey: memberWalletKeys.payouts,
    queryFn: async ({ signal }) => (await call(walletEndpoints.payouts, undefined, { signal })).data,
    // Back from Stripe's onboarding: its webhook turns payouts on, which nothing else tells the page.
    refetchInterval: (query) => (query.state.data?.connected && !query.state.data.payoutsEnabled ? 3000 : false),
  });
}

// POST /provider/payouts/connect: the provider then leaves for Stripe's onboarding.
export function useConnectPayouts() {
  return useMutation({ mutationFn: () => call(walletEndpoints.connect, undefined) });
}
