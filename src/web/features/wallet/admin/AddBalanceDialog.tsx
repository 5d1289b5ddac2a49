// Add Balance on /userDetail: a dollar amount > 0 with at most 2 decimals,
// checked with the contract's messages here and again by the server; 'Balance Added
// Successfully!' only once the server has added it. The page's figures and list then refresh.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminWalletText as t, notice } from '../../../../contract/messages.js';
import { addBalanceBody, hundredthsText } from '../../../../contract/wallet.js';
import { FormDialog, useFormSave } from '../../../ui/FormDialog.js';
import { AmountField } from '../AmountField.js';
import { useAddBalance } from './api.js';

const amountForm = addBalanceBody.pick({ amount: true });
type FormInput = z.input<typeof amountForm>;
type FormOutput = z.output<typeof amountForm>;

export function AddBalanceDialog({ userId, onClose }: { userId: string; onClose(): void }) {
  const addBalance = useAddBalance(userId);
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(amountForm),
    defaultValues: { amount: '' },
  });
  const busy = formState.isSubmitting || addBalance.isPending;
  const save = useFormSave(setError, ['amount'], onClose);

  const onSubmit = handleSubmit(async ({ amount }) => {
    await save(
      // Exact cents back to dollars as text: the server reads the same cents.
      () => addBalance.mutateAsync(hundredthsText(amount)),
      (response) => response.message ?? notice.balanceAdded,
    );
  });

  return (
    <FormDialog
      title={t.addBalance}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t.cancel}
      submitLabel={t.add}
      busy={busy}
      busyLabel={t.adding}
    >
      <AmountField
        label={t.addBalanceAmount}
        error={formState.errors.amount?.message}
        hint={t.addBalanceHint}
        input={register('amount')}
      />
    </FormDialog>
  );
}
