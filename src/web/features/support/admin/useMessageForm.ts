// A one-field form of a message to send (Distribute Notification, a ticket reply): checked with the
// contract's schema, then, when the form asks first, sent only on the admin's yes; a refusal is
// toasted and put at the field; once sent, 'Sent Successfully' and the field empties.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notice } from '../../../../contract/messages.js';
import { useFormSave } from '../../../ui/FormDialog.js';

interface MessageForm {
  message: string;
}

export function useMessageForm(
  schema: z.ZodType<MessageForm, MessageForm>,
  send: (message: string) => Promise<unknown>,
  /** Asked with the checked message before it is sent; no sends nothing and keeps the text. */
  confirm?: (message: string) => Promise<boolean>,
) {
  const { register, handleSubmit, reset, setError, formState } = useForm<MessageForm, unknown, MessageForm>({
    resolver: zodResolver(schema),
    defaultValues: { message: '' },
  });

  const save = useFormSave(setError, ['message'], () => reset({ message: '' }));
  const onSubmit = handleSubmit(async ({ message }) => {
    if (confirm && !(await confirm(message))) return;
    await save(() => send(message), notice.sentSuccessfully);
  });

  return { field: register('message'), error: formState.errors.message?.message, onSubmit };
}
