// The question before Mark completed, on the job cards and the booking's page: completing a job
// paid from the wallet releases the customer's held payment to the provider at once, and nothing
// sets a completed job back, so the provider says yes first.
import { providerPortalText as t } from '../../../../contract/messages.js';
import type { BookingItem } from '../../../../contract/bookings.js';
import { money } from '../../../lib/format.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';

export function CompleteJobDialog({
  job,
  open,
  busy,
  onConfirm,
  onCancel,
}: {
  job: Pick<BookingItem, 'payment' | 'price'>;
  open: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={t.completeJobTitle}
      message={t.completeJobQuestion(job.payment, money(job.price.totalCents))}
      confirmLabel={t.completeJobYes}
      danger={false}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
