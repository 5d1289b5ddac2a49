// The provider's answers as the job cards and the booking's page run them: the server decides, a
// refusal (another tab answered first) says why, and Mark completed offers Undo in its toast for
// 10 seconds, which sets the job back to accepted even once its card has left the list.
import { providerPortalText as t, text } from '../../../../contract/messages.js';
import type { JobAction } from '../../../../contract/portal.js';
import { errorMessage } from '../../../lib/form-errors.js';
import { useToast } from '../../../ui/toast.js';
import { undoDuration } from '../../../ui/useConfirmedChange.js';
import { useJobAction } from './api.js';

export function useAnswerJob() {
  const answer = useJobAction();
  const toast = useToast();

  const send = (id: string, action: JobAction) => answer.mutateAsync({ id, action });

  const undo = (id: string) =>
    send(id, 'reopen').then(
      (response) => toast.success(response.message ?? t.reopened),
      (error: unknown) => toast.error(errorMessage(error)),
    );

  async function run(id: string, action: JobAction) {
    try {
      const response = await send(id, action);
      const message = response.message ?? t.accepted;
      if (action === 'complete')
        toast.success(message, undoDuration, { label: text.undo, onClick: () => void undo(id) });
      else toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return { run, busy: answer.isPending };
}
