// Delete with the question first ('Are you sure  you want to delete the record?'), under a
// heading that names the record and above what follows: the call runs only on the explicit yes;
// then the success alert, or the server's message. A delete is not undone.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { adminConfirmText } from '../../../contract/messages.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { useToast } from '../toast.js';

/** `consequence`: what the delete does, said under the question. */
export function useDeleteConfirm(
  remove: UseMutationResult<unknown, Error, string>,
  success: string,
  consequence: string = adminConfirmText.deleteForGood,
) {
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  const toast = useToast();
  const onConfirm = () => {
    if (!asked) return;
    remove.mutate(asked.id, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error(error.message),
      onSettled: () => setAsked(null),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={adminConfirmText.deleteTitle(asked?.name ?? '')}
      busy={remove.isPending}
      onConfirm={onConfirm}
      onCancel={() => setAsked(null)}
    >
      <p>{consequence}</p>
    </ConfirmDialog>
  );
  /** Asks before deleting the record `id`, named `name` in the question. */
  const ask = (id: string, name: string) => setAsked({ id, name });
  return { ask, dialog };
}
