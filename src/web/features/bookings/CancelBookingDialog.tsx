// The one "Do you want to cancel this booking?" question, for /Ongoing and a booking's page: the
// caller names the booking and puts under the question what the customer should know first.
import type { ReactNode } from 'react';
import { bookingText as t } from '../../../contract/messages.js';
import { errorMessage } from '../../lib/form-errors.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { useToast } from '../../ui/toast.js';
import { useCancelBooking } from './api.js';

export function CancelBookingDialog({
  bookingId,
  title,
  children,
  onClose,
  onCancelled,
}: {
  /** The booking asked about; null keeps the dialog closed. */
  bookingId: string | null;
  title: string;
  children?: ReactNode;
  /** Called whatever the answer, once the dialog is done. */
  onClose: () => void;
  onCancelled?: (bookingId: string) => void;
}) {
  const cancel = useCancelBooking();
  const toast = useToast();

  const confirm = async () => {
    if (!bookingId) return;
    try {
      const message = await cancel.mutateAsync(bookingId);
      onCancelled?.(bookingId);
      toast.success(message ?? t.bookingCancelled);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={bookingId !== null}
      title={title}
      message={t.cancelQuestion}
      confirmLabel={t.cancelYes}
      dismissLabel={t.cancelNo}
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {children}
    </ConfirmDialog>
  );
}
