// Add money by card: the amount, read with the contract's schema, then off to Stripe's page. The
// wallet is credited when Stripe tells the server the payment went through; the page the member
// comes back to (TopUpStatus) says how it stands.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { cardText as c, memberWalletText as t } from '../../../contract/messages.js';
import { topUpBody } from '../../../contract/payments.js';
import { hundredthsText } from '../../../contract/wallet.js';
import { FormDialog, useFormSave } from '../../ui/FormDialog.js';
import { AmountField } from './AmountField.js';
import { useStartTopUp } from './api.js';

type FormInput = z.input<typeof topUpBody>;
type FormOutput = z.output<typeof topUpBody>;

export function TopUpDialog({ onClose }: { onClose(): void }) {
  const start = useStartTopUp();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(topUpBody),
    defaultValues: { amount: '' },
  });
  // The dialog stays open while the browser leaves for Stripe.
  const save = useFormSave(setError, ['amount'], () => {});
  const busy = formState.isSubmitting || start.isPending || start.isSuccess;

  const onSubmit = handleSubmit(async ({ amount }) => {
    await save(async () => {
      const { data } = await start.mutateAsync({ amount: hundredthsText(amount) });
      window.location.assign(data.url);
    }, c.redirecting);
  });

  return (
    <FormDialog
      title={c.addMoneyTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t.cancel}
      submitLabel={c.continueToPay}
      busy={busy}
      busyLabel={c.redirecting}
    >
      <AmountField
        label={t.amount}
        error={formState.errors.amount?.message}
        hint={c.addMoneyNote}
        input={register('amount')}
      />
    </FormDialog>
  );
}
