// What the wallet offers other features: the member's own figures (the booking dialog's "Pay from
// wallet" reads what is available), whether cards are taken, the query keys, to refresh after a
// payment, the dollar amount modal (a refund's), and a provider's payouts (its earnings page).
export { memberWalletKeys, useMyWallet, usePaymentOptions } from './api.js';
export { Payouts } from './Payouts.js';
export { AmountDialog } from './AmountDialog.js';
