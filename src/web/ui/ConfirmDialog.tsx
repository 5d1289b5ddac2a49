// The question before a destructive action (admin.md §5: 'Are you sure  you want to delete the
// record?'). The action runs only on the explicit yes; Escape, the backdrop and Cancel say no.
import { adminListText, text } from '../../contract/messages.js';
import { Dialog } from './Dialog.js';

interface ConfirmDialogProps {
  open: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Defaults to the spec's delete question. */
  message?: string;
  confirmLabel?: string;
  busy?: boolean;
}

export function ConfirmDialog({ open, onConfirm, onCancel, message = text.deleteConfirm, confirmLabel = adminListText.confirm, busy }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={adminListText.delete}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {adminListText.cancel}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
