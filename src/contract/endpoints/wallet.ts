// The wallet calls (paths/wallet.ts): the member's own wallet and the back-office's, typed by the
// schemas of member-wallet.ts and wallet.ts.
import type { z } from 'zod';
import { adminOnly, getting, posting } from '../endpoint.js';
import type { moveBody, moveResult, withdrawBody } from '../member-wallet.js';
import { api } from '../paths/wallet.js';
import type { connectStarted, PaymentOptions, PayoutAccount, TopUp, TopUpInput, topUpStarted } from '../payments.js';
import type {
  addBalanceBody,
  adminDistributionBody,
  blockResult,
  blockUserBody,
  calculatePercentageBody,
  distributionNotificationBody,
  distributionPreview,
  distributionResult,
  memberDetail,
  memberTicket,
  riskCategory,
  statusResult,
  updateUserStatusBody,
  walletFigures,
  walletTransaction,
  withdrawActionBody,
} from '../wallet.js';

type Transactions = z.infer<typeof walletTransaction>[];
type Move = z.input<typeof moveBody>;
/** Every move answers the wallet as it is afterwards. */
type Moved = z.infer<typeof moveResult>;

export const walletEndpoints = {
  figures: getting<z.infer<typeof walletFigures>>(api.walletMe),
  transactions: getting<Transactions>(api.walletTransactions),
  invest: posting<Move, Moved>(api.walletInvest),
  divest: posting<Move, Moved>(api.walletDivest),
  withdraw: posting<z.input<typeof withdrawBody>, Moved>(api.walletWithdraw),
  paymentOptions: getting<PaymentOptions>(api.paymentOptions),
  /** Opens a top-up by card: answers Stripe's page to pay it on. */
  topUp: posting<TopUpInput, z.infer<typeof topUpStarted>>(api.walletTopUps),
  topUpOf: getting<TopUp>(api.walletTopUp),
  payouts: getting<PayoutAccount>(api.providerPayouts),
  /** Answers Stripe's onboarding page. */
  connect: posting<undefined, z.infer<typeof connectStarted>>(api.providerPayoutsConnect),
};

type WithdrawAction = z.input<typeof withdrawActionBody>;

export const walletAdminEndpoints = adminOnly({
  riskCategories: getting<z.infer<typeof riskCategory>[]>(api.riskCategories),
  member: getting<z.infer<typeof memberDetail>>(api.userAllDetail),
  memberTransactions: getting<Transactions>(api.userTransactions),
  memberTickets: getting<z.infer<typeof memberTicket>[]>(api.userTickets),
  addBalance: posting<z.input<typeof addBalanceBody>, undefined>(api.addBalanceToUser),
  initiateWithdraw: posting<WithdrawAction, undefined>(api.initiateWithdraw),
  cancelWithdraw: posting<WithdrawAction, undefined>(api.cancelWithdraw),
  block: posting<z.input<typeof blockUserBody>, z.infer<typeof blockResult>>(api.blockUser),
  setStatus: posting<z.input<typeof updateUserStatusBody>, z.infer<typeof statusResult>>(api.updateUserStatus),
  preview: posting<z.input<typeof calculatePercentageBody>, z.infer<typeof distributionPreview>>(
    api.calculatePercentage,
  ),
  distribute: posting<z.input<typeof adminDistributionBody>, z.infer<typeof distributionResult>>(api.adminDistribution),
  /** /notification's 'Post Now': a notification to every member, whatever the path's name says. */
  broadcast: posting<z.input<typeof distributionNotificationBody>, undefined>(api.sendDistributionNotification),
});
