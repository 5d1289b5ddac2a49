// The member's referral code and link (<origin>/usersignup?ref=CODE) with a Copy button, and how
// many members joined with it. Sign-up with the link records who referred whom.
import { useId } from 'react';
import { referralText as t } from '../../../contract/messages.js';
import { routes } from '../../../contract/paths.js';
import type { MyReferral } from '../../../contract/referrals.js';
import { QueryState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useMyReferral } from './api.js';
import styles from './profile.module.css';

export function ReferralCard() {
  const referral = useMyReferral();
  return <QueryState query={referral}>{(data) => <Referral referral={data} />}</QueryState>;
}

function Referral({ referral }: { referral: MyReferral }) {
  const toast = useToast();
  const headingId = useId();
  const linkId = useId();
  const link = `${window.location.origin}${routes.userSignup}?ref=${encodeURIComponent(referral.code)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };

  return (
    <section className={styles.referral} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.aboutHeading}>
        {t.heading}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t.code}</dt>
          <dd className={styles.code}>{referral.code}</dd>
        </div>
      </dl>
      <label htmlFor={linkId} className={styles.linkLabel}>
        {t.link}
      </label>
      <div className={styles.linkRow}>
        <input id={linkId} type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          {t.copy}
        </button>
      </div>
      <p className="muted">{t.joined(referral.joined)}</p>
    </section>
  );
}
