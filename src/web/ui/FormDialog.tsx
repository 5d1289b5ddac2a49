// A modal whose body is one form, with Cancel and the form's submit button in its footer; and that
// footer alone (DialogActions) for modals whose form is a component of its own.
import { useId, type FormEvent, type ReactNode } from 'react';
import { applyServerErrors, errorMessage, type SetFieldError } from '../lib/form-errors.js';
import { Dialog } from './Dialog.js';
import { useToast } from './toast.js';

interface DialogActionsProps {
  /** The id of the form the submit button submits. */
  formId: string;
  /** Without it, there is no Cancel button (the modal's × and Escape still close it). */
  cancelLabel?: string;
  onCancel(): void;
  submitLabel: string;
  /** The call is under way: the submit button is disabled (and says `busyLabel`, if given). */
  busy: boolean;
  busyLabel?: string;
  /** Also tells assistive technology the button is busy (aria-busy). */
  announceBusy?: boolean;
}

export function DialogActions({
  formId,
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
  busyLabel = submitLabel,
  announceBusy = false,
}: DialogActionsProps) {
  return (
    <>
      {cancelLabel && (
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {cancelLabel}
        </button>
      )}
      <button
        type="submit"
        form={formId}
        className="btn"
        disabled={busy}
        aria-busy={announceBusy && busy ? true : undefined}
      >
        {busy ? busyLabel : submitLabel}
      </button>
    </>
  );
}

export interface FormDialogProps {
  title: string;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  cancelLabel?: string;
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
  wide?: boolean;
  /** The form's own id, when the caller needs it; else one is made. */
  formId?: string;
  /** The form's class ('form' by default). */
  formClassName?: string;
  /** Shown above the form, inside the modal. */
  before?: ReactNode;
  children: ReactNode;
}

export function FormDialog({
  title,
  onClose,
  onSubmit,
  cancelLabel,
  submitLabel,
  busy,
  busyLabel,
  wide,
  formId,
  formClassName = 'form',
  before,
  children,
}: FormDialogProps) {
  const ownId = useId();
  const id = formId ?? ownId;
  return (
    <Dialog
      open
      wide={wide}
      title={title}
      onClose={onClose}
      footer={
        <DialogActions
          formId={id}
          cancelLabel={cancelLabel}
          onCancel={onClose}
          submitLabel={submitLabel}
          busy={busy}
          busyLabel={busyLabel}
        />
      }
    >
      {before}
      <form id={id} className={formClassName} noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Dialog>
  );
}

/**
 * `save(call, success)` for a form in a modal: runs the call, then toasts `success` (or what it makes
 * of the call's result) and calls `onDone`; a refusal is toasted and the server's messages go to
 * the `fields` it names.
 */
export function useFormSave<F extends string>(setError: SetFieldError<F>, fields: readonly F[], onDone: () => void) {
  const toast = useToast();
  return async <R,>(call: () => Promise<R>, success: string | ((result: R) => string)) => {
    let result: R;
    try {
      result = await call();
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, fields);
      return;
    }
    toast.success(typeof success === 'function' ? success(result) : success);
    onDone();
  };
}
