// The member's wallet and the wallet back-office. Web routes and API paths (relative to `/v1`).

export const routes = {
  userDetail: '/userDetail',
  withdraw: '/withdraw',
  profit: '/profit',
  wallet: '/wallet',
} as const;

export const api = {
  walletMe: '/wallet/me',
  walletTransactions: '/wallet/me/transactions',
  walletInvest: '/wallet/invest',
  walletDivest: '/wallet/divest',
  walletWithdraw: '/wallet/withdraw',
  walletTopUps: '/wallet/topups',
  walletTopUp: '/wallet/topups/:id',
  paymentOptions: '/payments/options',
  /** A provider's Stripe account for payouts, and its transfers. */
  providerPayouts: '/provider/payouts',
  /** Opens (or resumes) a provider's Stripe onboarding: answers Stripe's page. */
  providerPayoutsConnect: '/provider/payouts/connect',
  /** Stripe's webhook: signed events, read from the raw body. */
  stripeWebhook: '/payments/stripe/webhook',
  riskCategories: '/transaction/riskCategories',
  userAllDetail: '/transaction/userAllDetail/:id',
  userTransactions: '/transaction/userTransactions/:id',
  userTickets: '/transaction/userTickets/:id',
  addBalanceToUser: '/transaction/addBalanceToUser',
  unapprovedTransactionList: '/transaction/unapprovedTransactionList',
  initiateWithdraw: '/transaction/initiateAdminWithdrawRequest',
  cancelWithdraw: '/transaction/cancelWithdrawRequest',
  blockUser: '/transaction/blockUser',
  updateUserStatus: '/services/updateUserStatus',
  calculatePercentage: '/transaction/calculatePercentage',
  adminDistribution: '/transaction/adminDistribution',
  sendDistributionNotification: '/transaction/sendDistributionNotification',
} as const;
