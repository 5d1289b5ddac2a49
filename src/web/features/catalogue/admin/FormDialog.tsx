// The frame of the catalogue's Add and Edit modals: the form's fields, the upload's progress while
// it is sent, and Cancel and Submit in the footer.
import type { ReactNode } from 'react';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { Dialog } from '../../../ui/Dialog.js';
import styles from './catalogue.module.css';

interface FormDialogProps {
  title: string;
  formId: string;
  busy: boolean;
  /** The fraction sent so far while uploading, else null. */
  progress: number | null;
  onClose(): void;
  onSubmit(): void;
  wide?: boolean;
  children: ReactNode;
}

export function FormDialog({ title, formId, busy, progress, onClose, onSubmit, wide, children }: FormDialogProps) {
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Dialog
      open
      title={title}
      wide={wide}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn" disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {progress !== null && (
          <div className={styles.progress} role="status">
            <progress max={100} value={percent} aria-label={t.uploading} />
            <span>
              {t.uploading}… {percent}%
            </span>
          </div>
        )}
      </form>
    </Dialog>
  );
}
