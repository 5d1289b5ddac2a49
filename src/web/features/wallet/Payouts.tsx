// A provider's payouts, on its earnings page: without a Stripe account, the way to connect one;
// while Stripe still needs details, the way back to its onboarding; once Stripe can pay, that
// payouts are on. Then the latest weekly transfers. Nothing shows where the marketplace has no
// Stripe account.
import { useSearchParams } from 'react-router';
import { payoutText as t } from '../../../contract/messages.js';
import { ApiError } from '../../lib/api.js';
import { shortDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/form-errors.js';
import { money } from '../../lib/format.js';
import { useToast } from '../../ui/toast.js';
import { useConnectPayouts, usePayouts } from './api.js';
import styles from './wallet.module.css';

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
            <table className={styles.payoutTable}>
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.amount}</th>
                  <th scope="col">{t.status}</th>
                </tr>
              </thead>
              <tbody>
                {account.transfers.map((transfer) => (
                  <tr key={transfer._id}>
                    <td>{shortDate(transfer.createdAt)}</td>
                    <td>{money(transfer.amountCents)}</td>
                    <td>{t.statuses[transfer.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
