// /notification 'Distribute Notification': Message and 'Post Now'. An empty
// message says 'Message is Required' without a call; otherwise a question names how many members
// it reaches (the server counts them) and quotes it. Sent on the yes, it reaches every member's
// /Notifications live, the field empties and the list of sent notifications below shows it.
import { useState } from 'react';
import { adminSupportText as t, text } from '../../../../contract/messages.js';
import { adminLists } from '../../../../contract/endpoints/listings.js';
import type { BroadcastRow } from '../../../../contract/support.js';
import { distributionNotificationBody, walletLimits } from '../../../../contract/wallet.js';
import { shortDate } from '../../../lib/dates.js';
import { errorMessage } from '../../../lib/form-errors.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Field } from '../../../ui/Field.js';
import pageHead from '../../../ui/pageHead.module.css';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import listStyles from '../../../ui/listing/listing.module.css';
import { useBroadcast, useBroadcastRecipients } from './api.js';
import styles from './support.module.css';
import { useMessageForm } from './useMessageForm.js';

const columns: Column<BroadcastRow>[] = [
  {
    header: t.message,
    cell: (row) => (
      <span className={`${listStyles.clamp} ${styles.messageCell}`} tabIndex={0}>
        {row.message}
      </span>
    ),
  },
  {
    header: t.sentAt,
    sort: 'createdAt',
    cell: (row) => <time dateTime={row.createdAt}>{shortDate(row.createdAt)}</time>,
    narrow: true,
  },
  { header: t.sentBy, cell: (row) => row.sentBy ?? '—', narrow: true },
];

export default function NotificationPage() {
  const broadcast = useBroadcast();
  // The message waiting for the admin's answer, and how to give it to the form.
  const [asking, setAsking] = useState<{ message: string; answer(yes: boolean): void } | null>(null);
  const recipients = useBroadcastRecipients(asking !== null);
  // Only a count read for this question is named; while it is read, or if it failed, no yes.
  const failed = !recipients.isFetching && recipients.isError;
  const members = recipients.isFetching || failed ? undefined : recipients.data;
  const { field, error, onSubmit } = useMessageForm(
    distributionNotificationBody,
    broadcast.mutateAsync,
    (message) => new Promise<boolean>((answer) => setAsking({ message, answer })),
  );
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };

  return (
    <div className={styles.page}>
      <section aria-labelledby="notification-title" className={styles.compose}>
        <title>{`${t.notificationTitle} · ${text.brand}`}</title>
        <h2 id="notification-title" className={pageHead.title}>
          {t.notificationTitle}
        </h2>
        <form className={styles.postForm} noValidate onSubmit={onSubmit}>
          <Field label={t.message} error={error}>
            <textarea rows={4} maxLength={walletLimits.notificationMax} {...field} />
          </Field>
          <button type="submit" className="btn" disabled={broadcast.isPending}>
            {broadcast.isPending ? t.posting : t.postNow}
          </button>
        </form>
        <ConfirmDialog
          open={asking !== null}
          title={failed ? t.notificationTitle : members === undefined ? t.postCounting : t.postQuestion(members)}
          message={failed ? errorMessage(recipients.error) : t.postReach}
          confirmLabel={t.postYes}
          danger={false}
          busy={members === undefined}
          onCancel={() => answer(false)}
          onConfirm={() => answer(true)}
        >
          <blockquote className={styles.quote}>{asking?.message}</blockquote>
        </ConfirmDialog>
      </section>
      <ListingTable
        title={t.sentNotifications}
        endpoint={adminLists.broadcasts}
        columns={columns}
        rowKey={(row) => row._id}
        documentTitle={false}
        headingLevel={3}
      />
    </div>
  );
}
