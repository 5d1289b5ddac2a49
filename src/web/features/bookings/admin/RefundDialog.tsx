// Refund on the back-office's booking page: a dollar amount of the card payment, at most what is
// left of the charge, checked with the contract's messages here and again by the server (which
// also refuses more than is left); the page's payment then refreshes.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminWalletText, refundText as t } from '../../../../contract/messages.js';
import { refundBody } from '../../../../contract/payments.js';
import { hundredthsText } from '../../../../contract/wallet.js';
import { money } from '../../../lib/format.js';
import { FormDialog, useFormSave } from '../../../ui/FormDialog.js';
import { AmountField } from '../../wallet/index.js';
import { useRefund } from './api.js';

type FormInput = z.input<typeof refundBody>;
type FormOutput = z.output<typeof refundBody>;

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
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(refundBody),
    defaultValues: { amount: hundredthsText(leftCents) },
  });
  const busy = formState.isSubmitting || refund.isPending;
  const save = useFormSave(setError, ['amount'], onClose);

  const onSubmit = handleSubmit(async ({ amount }) => {
    if (amount > leftCents) {
      setError('amount', { message: t.tooMuch(money(leftCents)) });
      return;
    }
    await save(
      () => refund.mutateAsync(hundredthsText(amount)),
      (response) => response.message ?? t.done(money(amount)),
    );
  });

  return (
    <FormDialog
      title={t.title}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={adminWalletText.cancel}
      submitLabel={t.submit}
      busy={busy}
      busyLabel={t.refunding}
    >
      <AmountField
        label={t.amount}
        error={formState.errors.amount?.message}
        hint={t.hint(money(leftCents))}
        input={register('amount')}
      />
    </FormDialog>
  );
}
