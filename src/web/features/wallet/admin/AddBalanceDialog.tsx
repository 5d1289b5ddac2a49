// Add Balance on /userDetail: a dollar amount > 0 with at most 2 decimals,
// checked with the contract's messages here and again by the server; 'Balance Added
// Successfully!' only once the server has added it. The page's figures and list then refresh.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminWalletText as t, notice } from '../../../../contract/messages.js';
import { addBalanceBody, hundredthsText } from '../../../../contract/wallet.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useAddBalance } from './api.js';

const amountForm = addBalanceBody.pick({ amount: true });
type FormInput = z.input<typeof amountForm>;
type FormOutput = z.output<typeof amountForm>;

export function AddBalanceDialog({ userId, onClose }: { userId: string; onClose(): void }) {
  const formId = useId();
  const toast = useToast();
  const addBalance = useAddBalance(userId);
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(amountForm),
    defaultValues: { amount: '' },
  });
  const busy = formState.isSubmitting || addBalance.isPending;

  const onSubmit = handleSubmit(async ({ amount }) => {
    try {
      // Exact cents back to dollars as text: the server reads the same cents.
      const response = await addBalance.mutateAsync(hundredthsText(amount));
      toast.success(response.message ?? notice.balanceAdded);
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['amount']);
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog
      open
      title={t.addBalance}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn" disabled={busy}>
            {busy ? t.adding : t.add}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <Field label={t.addBalanceAmount} error={formState.errors.amount?.message} hint={t.addBalanceHint}>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            placeholder="0.00"
            {...register('amount')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
