// Add money by card: the amount, read with the contract's schema, then off to Stripe's page. The
// wallet is credited when Stripe tells the server the payment went through; the page the member
// comes back to (TopUpStatus) says how it stands.
import { cardText as c, memberWalletText as t } from '../../../contract/messages.js';
import { topUpBody } from '../../../contract/payments.js';
import { hundredthsText } from '../../../contract/wallet.js';
import { AmountDialog } from './AmountDialog.js';
import { useStartTopUp } from './api.js';

export function TopUpDialog({ onClose }: { onClose(): void }) {
  const start = useStartTopUp();
  return (
    <AmountDialog
      schema={topUpBody}
      title={c.addMoneyTitle}
      cancelLabel={t.cancel}
      submitLabel={c.continueToPay}
      busyLabel={c.redirecting}
      label={t.amount}
      hint={c.addMoneyNote}
      pending={start.isPending || start.isSuccess}
      onClose={onClose}
      // The dialog stays open while the browser leaves for Stripe.
      onDone={() => {}}
      send={async (amount) => {
        const { data } = await start.mutateAsync({ amount: hundredthsText(amount) });
        window.location.assign(data.url);
      }}
      success={c.redirecting}
    />
  );
}
