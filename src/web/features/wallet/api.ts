// The member's wallet calls (/v1/wallet/*) and their TanStack Query hooks. Every move answers the
// wallet afterwards: the figures are set from it at once, and the transaction list refetches.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoveInput, WithdrawInput } from '../../../contract/member-wallet.js';
import { api } from '../../../contract/paths.js';
import type { WalletFigures, WalletTransaction } from '../../../contract/wallet.js';
import { get, post } from '../../lib/api.js';
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
    queryFn: async ({ signal }) => (await get<WalletFigures>(api.walletMe, { signal })).data,
  });
}

// GET /wallet/me/transactions?page=
export function useMyTransactions(page: number) {
  return useQuery({
    queryKey: memberWalletKeys.transactions(page),
    queryFn: async ({ signal }) => {
      const response = await get<WalletTransaction[]>(api.walletTransactions, { signal, query: { page } });
      return {
        items: response.data,
        meta: response.meta ?? { page, limit: response.data.length, total: response.data.length },
      };
    },
    placeholderData: keepPreviousData,
  });
}

export type WalletMove = { kind: 'invest' | 'divest'; body: MoveInput } | { kind: 'withdraw'; body: WithdrawInput };

const movePath = { invest: api.walletInvest, divest: api.walletDivest, withdraw: api.walletWithdraw } as const;

// POST /wallet/invest | /wallet/divest { risk, amount } and /wallet/withdraw { amount }
export function useWalletMove() {
  const queryClient = useQueryClient();
  const keys = useSubmitKeys();
  return useMutation({
    mutationFn: (move: WalletMove) =>
      post<WalletFigures>(movePath[move.kind], move.body, { idempotencyKey: keys.for(move) }),
    onSuccess: (response) => {
      keys.renew();
      queryClient.setQueryData(memberWalletKeys.figures(), response.data);
      void queryClient.invalidateQueries({ queryKey: memberWalletKeys.all });
    },
  });
}
