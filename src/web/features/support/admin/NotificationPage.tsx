// /notification 'Distribute Notification': Message and 'Post Now'. An empty
// message says 'Message is Required' without a call; a sent one reaches every member's
// /Notifications live, the field empties and the list of sent notifications below shows it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminSupportText as t, notice, text } from '../../../../contract/messages.js';
import { api } from '../../../../contract/paths.js';
import type { BroadcastRow } from '../../../../contract/support.js';
import { distributionNotificationBody, walletLimits } from '../../../../contract/wallet.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { shortDate } from '../../../lib/dates.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { ListingTable, type Column } from '../../../ui/listing/ListingTable.js';
import { useBroadcast } from './api.js';
import styles from './support.module.css';

type FormInput = z.input<typeof distributionNotificationBody>;
type FormOutput = z.output<typeof distributionNotificationBody>;

const columns: Column<BroadcastRow>[] = [
  { header: t.message, cell: (row) => <span className={styles.clamp}>{row.message}</span> },
  {
    header: t.sentAt,
    sort: 'createdAt',
    cell: (row) => <time dateTime={row.createdAt}>{shortDate(row.createdAt)}</time>,
    narrow: true,
  },
  { header: t.sentBy, cell: (row) => row.sentBy ?? '—', narrow: true },
];

export default function NotificationPage() {
  const toast = useToast();
  const broadcast = useBroadcast();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(distributionNotificationBody),
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async ({ message }) => {
    try {
      await broadcast.mutateAsync(message);
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, ['message']);
      return;
    }
    toast.success(notice.sentSuccessfully);
    reset({ message: '' });
  });

  return (
    <div className={styles.page}>
      <section aria-labelledby="notification-title" className={styles.compose}>
        <title>{`${t.notificationTitle} · ${text.brand}`}</title>
        <h2 id="notification-title" className={styles.pageTitle}>
          {t.notificationTitle}
        </h2>
        <form className={styles.postForm} noValidate onSubmit={onSubmit}>
          <Field label={t.message} error={formState.errors.message?.message}>
            <textarea rows={4} maxLength={walletLimits.notificationMax} {...register('message')} />
          </Field>
          <button type="submit" className="btn" disabled={broadcast.isPending}>
            {broadcast.isPending ? t.posting : t.postNow}
          </button>
        </form>
      </section>
      <ListingTable
        title={t.sentNotifications}
        path={api.adminBroadcasts}
        columns={columns}
        rowKey={(row) => row._id}
        documentTitle={false}
        headingLevel={3}
      />
    </div>
  );
}
