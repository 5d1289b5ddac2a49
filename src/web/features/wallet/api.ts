// The member's wallet calls (/v1/wallet/*) and their TanStack Query hooks. Every move answers the
// wallet afterwards: the figures are set from it at once, and the transaction list refetches.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletEndpoints } from '../../../contract/endpoints/wallet.js';
import type { MoveInput, WithdrawInput } from '../../../contract/member-wallet.js';
import { call } from '../../lib/api.js';
import { useSubmitKeys } from '../../lib/submit-key.js';

export const memberWalletKeys = {
  all: ['wallet', 'me'] as const,
  figures: () => [...memberWalletKeys.all, 'figures'] as const,
  transactions: (page: number) => [...memberWalletKeys.all, 'transactions', page] as const,
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
