// The provider's answer buttons to a job — Accept and Decline for a request, Mark completed once
// `completable` — and the question asked before Decline and Mark completed, for the job cards and
// the booking's page to place.
import { useState } from 'react';
import type { BookingItem } from '../../../../contract/bookings.js';
import { providerPortalText as t } from '../../../../contract/messages.js';
import type { JobAction } from '../../../../contract/portal.js';
import { JobQuestion, type AskedAction } from './JobQuestion.js';
import { useAnswerJob } from './useAnswerJob.js';

export function useJobAnswers(
  job: Pick<BookingItem, '_id' | 'status' | 'payment' | 'price'>,
  completable: boolean,
  /** The id of what names the job, for the buttons' descriptions. */
  describedBy?: string,
) {
  const answer = useAnswerJob();
  const [asking, setAsking] = useState<AskedAction | null>(null);
  const run = (action: JobAction) => answer.run(job._id, action);
  const button = (label: string, onClick: () => void, className = 'btn') => (
    <button type="button" className={className} disabled={answer.busy} aria-describedby={describedBy} onClick={onClick}>
      {label}
    </button>
  );

  const buttons = (
    <>
      {job.status === 'requested' && (
        <>
          {button(t.accept, () => void run('accept'))}
          {button(t.decline, () => setAsking('decline'), 'btn btn-outline')}
        </>
      )}
      {completable && button(t.complete, () => setAsking('complete'))}
    </>
  );
  const question = (
    <JobQuestion
      job={job}
      asking={asking}
      busy={answer.busy}
      onClose={() => setAsking(null)}
      onAnswer={(action) => void run(action)}
    />
  );
  return { buttons, question };
}
