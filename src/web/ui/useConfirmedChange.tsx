// A change an admin confirms first (a status, a block, a hidden review): the question names who or
// what it touches and says what follows, and the call runs only on the explicit yes; Escape, the
// backdrop and Cancel say no. A change the server can set back offers Undo in its success toast for
// 10 seconds: Undo sends the reverse, even once the screen that asked has gone.
import { useState } from 'react';
import { text } from '../../contract/messages.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useToast } from './toast.js';

export const undoDuration = 10_000;

export interface ChangeQuestion<V> {
  /** The question, naming who or what: 'Deactivate Demo Provider?'. */
  title: string;
  /** What follows, under the question. */
  message: string;
  confirmLabel: string;
  /** Red for what takes something away (Deactivate, Block, Hide). */
  danger: boolean;
  /** What the change sends. */
  value: V;
  /** The success toast. */
  done: string;
  /** What sets the change back, and the toast once it has: with it, the success toast offers Undo. */
  undo?: { value: V; done: string };
}

export function useConfirmedChange<V>(run: (value: V) => Promise<unknown>) {
  const [question, setQuestion] = useState<ChangeQuestion<V> | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const undo = ({ value, done }: { value: V; done: string }) =>
    run(value).then(
      () => toast.success(done),
      (error: Error) => toast.error(error.message),
    );

  const confirm = async () => {
    if (!question || busy) return;
    setBusy(true);
    try {
      await run(question.value);
      const reverse = question.undo;
      if (reverse) toast.success(question.done, undoDuration, { label: text.undo, onClick: () => void undo(reverse) });
      else toast.success(question.done);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
      setQuestion(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={question !== null}
      title={question?.title ?? ''}
      message={question?.message ?? ''}
      confirmLabel={question?.confirmLabel ?? ''}
      danger={question?.danger ?? true}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setQuestion(null)}
    />
  );
  /** `dialog` goes once per screen, outside any table: its cells' styles would leak into it. */
  return { ask: setQuestion, dialog, busy };
}
