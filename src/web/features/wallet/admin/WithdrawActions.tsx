// The icon actions of a withdraw awaiting the admin (status '3'): initiate (green
// check) pays it out, cancel (red icon) gives the amount back. Each asks first, then shows what the
// server said; a request resolved meanwhile (another tab, another admin) shows the server's refusal.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { adminWalletText as t } from '../../../../contract/messages.js';
import type { WalletTransaction } from '../../../../contract/wallet.js';
import { isBookingMoney, transactionStatusLabel } from '../../../../contract/member-wallet.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { useToast } from '../../../ui/toast.js';
import { useResolveWithdraw, type WithdrawAction } from './api.js';
import { money } from '../../../lib/format.js';
import walletStyles from '../wallet.module.css';
import styles from './wallet.module.css';

interface WithdrawActionsProps {
  request: { _id: string; title: string; amount: number };
  /** Whose money: the member's email or name. */
  who: string;
  /** What to refresh afterwards. */
  refresh: { listPath?: string; memberId?: string };
}

export function WithdrawActions({ request, who, refresh }: WithdrawActionsProps) {
  const [asking, setAsking] = useState<WithdrawAction | null>(null);
  const resolve = useResolveWithdraw(refresh);
  const toast = useToast();
  const amount = money(request.amount);
  const what = `${request.title}, ${amount}, ${who}`;

  const confirm = () => {
    if (!asking || resolve.isPending) return;
    resolve.mutate(
      { action: asking, id: request._id },
      {
        onSuccess: (response) => toast.success(response.message ?? ''),
        onError: (error) => toast.error(error.message),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <>
      <span className={styles.iconActions}>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.approve}`}
          onClick={() => setAsking('initiate')}
          disabled={resolve.isPending}
          aria-label={t.initiateLabel(what)}
          title={t.initiate}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.reject}`}
          onClick={() => setAsking('cancel')}
          disabled={resolve.isPending}
          aria-label={t.cancelLabel(what)}
          title={t.cancelRequest}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
          </svg>
        </button>
      </span>
      {/* In the body, not in the table cell: the cell's nowrap and font would leak into the question. */}
      {createPortal(
        <ConfirmDialog
          open={asking !== null}
          title={asking === 'initiate' ? t.initiateTitle : t.cancelTitle}
          message={asking === 'initiate' ? t.initiateConfirm(amount, who) : t.cancelConfirm(amount, who)}
          confirmLabel={asking === 'initiate' ? t.initiate : t.cancelRequest}
          dismissLabel={t.keep}
          danger={asking === 'cancel'}
          busy={resolve.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />,
        document.body,
      )}
    </>
  );
}

const statusClass: Record<WalletTransaction['status'], string | undefined> = {
  '0': walletStyles.pending,
  '1': walletStyles.accepted,
  '-1': walletStyles.rejected,
  '3': walletStyles.pending,
};

/**
 * A status code as its word: Pending, Accepted, Rejected, Awaiting; on a booking's money (`type`
 * payment or earning) Held, Paid, Released.
 */
export function StatusWord({
  status,
  type,
}: {
  status: WalletTransaction['status'];
  type?: WalletTransaction['type'];
}) {
  const className = isBookingMoney(type) && status === '-1' ? walletStyles.released : statusClass[status];
  return (
    <span className={`${walletStyles.statusWord} ${className ?? ''}`}>{transactionStatusLabel(status, type)}</span>
  );
}
