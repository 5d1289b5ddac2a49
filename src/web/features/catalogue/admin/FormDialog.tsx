// The frame of the catalogue's Add and Edit modals: the form's fields, the upload's progress while
// it is sent, and Cancel and Submit in the footer.
import type { ReactNode } from 'react';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { FormDialog as Frame } from '../../../ui/FormDialog.js';
import { UploadProgress } from '../../../ui/UploadProgress.js';

interface FormDialogProps {
  title: string;
  busy: boolean;
  /** The fraction sent so far while uploading, else null. */
  progress: number | null;
  onClose(): void;
  onSubmit(): void;
  wide?: boolean;
  children: ReactNode;
}

export function FormDialog({ title, busy, progress, onClose, onSubmit, wide, children }: FormDialogProps) {
  return (
    <Frame
      title={title}
      wide={wide}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      cancelLabel={t.cancel}
      submitLabel={t.submit}
      busy={busy}
      busyLabel={t.submitting}
    >
      {children}
      <UploadProgress progress={progress} label={t.uploading} />
    </Frame>
  );
}
