// Delete with the spec's question first ('Are you sure  you want to delete the record?'): the
// call runs only on the explicit yes; then the spec's alert, or the server's message.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { useToast } from '../toast.js';

export function useDeleteConfirm(remove: UseMutationResult<unknown, Error, string>, success: string) {
  const [id, setId] = useState<string | null>(null);
  const toast = useToast();
  const onConfirm = () => {
    if (!id) return;
    remove.mutate(id, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error(error.message),
      onSettled: () => setId(null),
    });
  };
  const dialog = (
    <ConfirmDialog open={id !== null} busy={remove.isPending} onConfirm={onConfirm} onCancel={() => setId(null)} />
  );
  return { ask: setId, dialog };
}
