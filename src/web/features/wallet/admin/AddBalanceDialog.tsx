// Add Balance on /userDetail: a dollar amount > 0 with at most 2 decimals,
// checked with the contract's messages here and again by the server; 'Balance Added
// Successfully!' only once the server has added it. The page's figures and list then refresh.
import { adminWalletText as t, notice } from '../../../../contract/messages.js';
import { addBalanceBody, hundredthsText } from '../../../../contract/wallet.js';
import { AmountDialog } from '../AmountDialog.js';
import { useAddBalance } from './api.js';

const amountForm = addBalanceBody.pick({ amount: true });

export function AddBalanceDialog({ userId, onClose }: { userId: string; onClose(): void }) {
  const addBalance = useAddBalance(userId);
  return (
    <AmountDialog
      schema={amountForm}
      title={t.addBalance}
      cancelLabel={t.cancel}
      submitLabel={t.add}
      busyLabel={t.adding}
      label={t.addBalanceAmount}
      hint={t.addBalanceHint}
      pending={addBalance.isPending}
      onClose={onClose}
      // Exact cents back to dollars as text: the server reads the same cents.
      send={(amount) => addBalance.mutateAsync(hundredthsText(amount))}
      success={(response) => response.message ?? notice.balanceAdded}
    />
  );
}
