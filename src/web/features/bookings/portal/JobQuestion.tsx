// The question before an answer with consequences, on the job cards and the booking's page:
// declining a request frees its time for good, and completing a job paid from the wallet releases
// the customer's held payment to the provider (Undo sets it back for a few seconds after), so the
// provider says yes first.
import type { BookingItem } from '../../../../contract/bookings.js';
import { providerPortalText as t } from '../../../../contract/messages.js';
import type { JobAction } from '../../../../contract/portal.js';
import { money } from '../../../lib/format.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';

/** The answers asked about first. */
export type AskedAction = Extract<JobAction, 'decline' | 'complete'>;

export function JobQuestion({
  job,
  asking,
  busy,
  onAnswer,
  onClose,
}: {
  job: Pick<BookingItem, 'payment' | 'price'>;
  /** The answer waiting for a yes; null when none is. */
  asking: AskedAction | null;
  busy: boolean;
  /** Runs the answer said yes to; the question has closed by then. */
  onAnswer(action: AskedAction): void;
  onClose(): void;
}) {
  const complete = asking === 'complete';
  return (
    <ConfirmDialog
      open={asking !== null}
      title={complete ? t.completeJobTitle : t.declineTitle}
      message={complete ? t.completeJobQuestion(job.payment, money(job.price.totalCents)) : t.declineQuestion}
      confirmLabel={complete ? t.completeJobYes : t.declineYes}
      danger={!complete}
      {...(complete ? {} : { dismissLabel: t.keep })}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        if (!asking) return;
        onClose();
        onAnswer(asking);
      }}
    />
  );
}
