// Refund on the back-office's booking page: a dollar amount of the card payment, at most what is
// left of the charge, checked with the contract's messages here and again by the server (which
// also refuses more than is left); the page's payment then refreshes.
import { adminWalletText, refundText as t } from '../../../../contract/messages.js';
import { refundBody } from '../../../../contract/payments.js';
import { hundredthsText } from '../../../../contract/wallet.js';
import { money } from '../../../lib/format.js';
import { AmountDialog } from '../../wallet/index.js';
import { useRefund } from './api.js';

export function RefundDialog({
  bookingId,
  leftCents,
  onClose,
}: {
  bookingId: string;
  /** What can still be given back. */
  leftCents: number;
  onClose(): void;
}) {
  const refund = useRefund(bookingId);
  return (
    <AmountDialog
      schema={refundBody}
      initialAmount={hundredthsText(leftCents)}
      title={t.title}
      cancelLabel={adminWalletText.cancel}
      submitLabel={t.submit}
      busyLabel={t.refunding}
      label={t.amount}
      hint={t.hint(money(leftCents))}
      pending={refund.isPending}
      onClose={onClose}
      refuse={(amount) => (amount > leftCents ? t.tooMuch(money(leftCents)) : undefined)}
      send={(amount) => refund.mutateAsync(hundredthsText(amount))}
      success={(response, amount) => response.message ?? t.done(money(amount))}
    />
  );
}
