// A wallet's figures in dollars under the back-office's labels, in the order the page gives: the
// member's /wallet and the admin's /userDetail show the same figures.
import { adminWalletText as t } from '../../../contract/messages.js';
import type { WalletFigures } from '../../../contract/wallet.js';
import { money } from '../../lib/format.js';
import styles from './wallet.module.css';

export type Figure = keyof WalletFigures;

const figureLabels: Record<Figure, string> = {
  amount: t.amount,
  highRiskAmount: t.aggressive,
  lowRiskAmount: t.conservative,
  reservedAmount: t.reservedAmount,
  heldAmount: t.heldAmount,
  withdrawAmount: t.withdrawAmount,
  depositAmount: t.depositAmount,
  interestEarned: t.interestEarned,
};

interface FigureListProps {
  wallet: WalletFigures;
  order: readonly Figure[];
  /** The page's own words for some figures. */
  labels?: Partial<Record<Figure, string>>;
  /** Laid out inside a card rather than across the page. */
  inCard?: boolean;
}

export function FigureList({ wallet, order, labels, inCard = false }: FigureListProps) {
  return (
    <dl className={inCard ? `${styles.figures} ${styles.figuresInCard}` : styles.figures}>
      {order.map((figure) => {
        const label = labels?.[figure] ?? figureLabels[figure];
        return (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{money(wallet[figure])}</dd>
          </div>
        );
      })}
    </dl>
  );
}
