// The question before a destructive action ('Are you sure  you want to delete the record?', the
// old app's words, double space included). The action runs only on the explicit yes; Escape, the backdrop and Cancel say no.
import type { ReactNode } from 'react';
import { adminListText, text } from '../../contract/messages.js';
import { Dialog } from './Dialog.js';

interface ConfirmDialogProps {
  open: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Defaults to the delete question, 'Are you sure  you want to delete the record?'. */
  message?: string;
  confirmLabel?: string;
  busy?: boolean;
  /** Defaults to Delete; other questions (a withdraw to pay out) name their action. */
  title?: string;
  /** The "no" button; defaults to Cancel. */
  dismissLabel?: string;
  /** The yes button in red (default) or in the plain colour for an action that is not destructive. */
  danger?: boolean;
  /** What to know before answering, under the question. */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  message = text.deleteConfirm,
  confirmLabel = adminListText.confirm,
  busy,
  title = adminListText.delete,
  dismissLabel = adminListText.cancel,
  danger = true,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {dismissLabel}
          </button>
          <button type="button" className={danger ? 'btn btn-danger' : 'btn'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
      {children}
    </Dialog>
  );
}
