// A one-field form of a message to send (Distribute Notification, a ticket reply): checked with the
// contract's schema; a refusal is toasted and put at the field; once sent, 'Sent Successfully' and
// the field empties.
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
) {
  const { register, handleSubmit, reset, setError, formState } = useForm<MessageForm, unknown, MessageForm>({
    resolver: zodResolver(schema),
    defaultValues: { message: '' },
  });

  const save = useFormSave(setError, ['message'], () => reset({ message: '' }));
  const onSubmit = handleSubmit(({ message }) => save(() => send(message), notice.sentSuccessfully));

  return { field: register('message'), error: formState.errors.message?.message, onSubmit };
}
