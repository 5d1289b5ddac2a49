// What the wallet offers other features: the member's own figures (the booking dialog's "Pay from
// wallet" reads what is available), whether cards are taken, and the query keys, to refresh after a
// payment.
export { memberWalletKeys, useMyWallet, usePaymentOptions } from './api.js';
