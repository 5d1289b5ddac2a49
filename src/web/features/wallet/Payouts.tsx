// A provider's payouts, on its earnings page: without a Stripe account, the way to connect one;
// while Stripe still needs details, the way back to its onboarding; once Stripe can pay, that
// payouts are on. Then the latest weekly transfers. Nothing shows where the marketplace has no
// Stripe account.
import { useSearchParams } from 'react-router';
import { payoutText as t } from '../../../contract/messages.js';
import type { Payout } from '../../../contract/payments.js';
import { ApiError } from '../../lib/api.js';
import { shortDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/form-errors.js';
import { money } from '../../lib/format.js';
import { Table, type TableColumn } from '../../ui/Table.js';
import { useToast } from '../../ui/toast.js';
import { useConnectPayouts, usePayouts } from './api.js';
import styles from './wallet.module.css';

const columns: TableColumn<Payout>[] = [
  { key: 'date', header: t.date, cell: (transfer) => shortDate(transfer.createdAt) },
  { key: 'amount', header: t.amount, cell: (transfer) => money(transfer.amountCents), narrow: true },
  { key: 'status', header: t.status, cell: (transfer) => t.statuses[transfer.status] },
];

export function Payouts() {
  const payouts = usePayouts();
  const connect = useConnectPayouts();
  const toast = useToast();
  const [params] = useSearchParams();
  const account = payouts.data;
  if (!account?.available) return null;

  const onConnect = async () => {
    try {
      const { data } = await connect.mutateAsync();
      window.location.assign(data.url);
    } catch (error) {
      toast.error(error instanceof ApiError ? errorMessage(error) : t.unavailable);
    }
  };
  const lead = account.payoutsEnabled
    ? t.ready
    : account.connected
      ? params.get('connect') === 'back'
        ? t.back
        : t.resumeLead
      : t.connectLead;

  return (
    <section className={styles.payouts} aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">{t.heading}</h2>
      <p>{lead}</p>
      {!account.payoutsEnabled && (
        <button type="button" className="btn" disabled={connect.isPending} onClick={() => void onConnect()}>
          {connect.isPending ? t.redirecting : account.connected ? t.resume : t.connect}
        </button>
      )}
      {account.connected && (
        <>
          <h3>{t.recent}</h3>
          {account.transfers.length === 0 ? (
            <p className="muted">{t.none}</p>
          ) : (
            <Table
              columns={columns}
              rows={account.transfers}
              rowKey={(transfer) => transfer._id}
              regionLabel={t.recent}
            />
          )}
        </>
      )}
    </section>
  );
}
