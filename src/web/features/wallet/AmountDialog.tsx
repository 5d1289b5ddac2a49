// A modal whose one field is a dollar amount (Add money, the admin's Add Balance, a booking's
// refund): read with the caller's schema, which also holds its messages, then sent in cents; the
// answer is toasted and a refusal's messages go to the field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { dollarsAsCents } from '../../../contract/wallet.js';
import { FormDialog, useFormSave, type FormDialogProps } from '../../ui/FormDialog.js';
import { AmountField } from './AmountField.js';

type FormInput = { amount: z.input<typeof dollarsAsCents> };
type FormOutput = { amount: number };

/** The modal's title and buttons are the FormDialog's; the form is this one's. */
interface AmountDialogProps<R> extends Pick<
  FormDialogProps,
  'title' | 'onClose' | 'cancelLabel' | 'submitLabel' | 'busyLabel'
> {
  schema: z.ZodType<FormOutput, FormInput>;
  /** What the field starts with. */
  initialAmount?: string;
  label: string;
  hint: string;
  /** The call is under way. */
  pending: boolean;
  /** After the call went through; closes the modal unless given. */
  onDone?(): void;
  /** Why an amount the schema accepts is still too much, checked before the call. */
  refuse?(cents: number): string | undefined;
  send(cents: number): Promise<R>;
  /** The toast once sent, or what it makes of the call's answer and the amount. */
  success: string | ((result: R, cents: number) => string);
}

export function AmountDialog<R>({
  schema,
  initialAmount = '',
  label,
  hint,
  pending,
  onDone,
  refuse,
  send,
  success,
  ...dialog
}: AmountDialogProps<R>) {
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: initialAmount },
  });
  const save = useFormSave(setError, ['amount'], onDone ?? dialog.onClose);

  const onSubmit = handleSubmit(async ({ amount }) => {
    const refusal = refuse?.(amount);
    if (refusal) {
      setError('amount', { message: refusal });
      return;
    }
    await save(() => send(amount), typeof success === 'function' ? (result) => success(result, amount) : success);
  });

  return (
    <FormDialog {...dialog} onSubmit={onSubmit} busy={formState.isSubmitting || pending}>
      <AmountField label={label} error={formState.errors.amount?.message} hint={hint} input={register('amount')} />
    </FormDialog>
  );
}
