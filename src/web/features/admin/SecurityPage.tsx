// /admin/security 'Sign-in Security': the signed-in administrator's two-step sign-in. Off: set up
// the app (QR code, key, first code), then save the recovery codes shown once. On: make new
// recovery codes, or turn it off (not where it is required); each proven by a code from the app.
import { useState } from 'react';
import type { TotpStatus } from '../../../contract/auth.js';
import { adminSidebar, adminTotpText as t, text } from '../../../contract/messages.js';
import { api } from '../../../contract/paths.js';
import { errorMessage } from '../../lib/form-errors.js';
import pageHead from '../../ui/pageHead.module.css';
import { QueryState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useTotpChange, useTotpSetup, useTotpStatus } from './api.js';
import { CodeForm, RecoveryCodes, TotpEnrolment } from './TwoStep.js';
import styles from './twoStep.module.css';

export default function SecurityPage() {
  const status = useTotpStatus();
  // Recovery codes just made: shown until the administrator says they are kept.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section className={styles.page} aria-labelledby="security-title">
      <title>{`${adminSidebar.security} · ${text.brand}`}</title>
      <h2 id="security-title" className={pageHead.title}>
        {codes ? t.recoveryHeading : t.settingsHeading}
      </h2>
      {codes ? (
        <div className={styles.card}>
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        </div>
      ) : (
        <>
          <p className={styles.lead}>{t.settingsLead}</p>
          <QueryState query={status}>
            {(current) =>
              current.enabled ? <AppOn status={current} onCodes={setCodes} /> : <AppOff onCodes={setCodes} />
            }
          </QueryState>
        </>
      )}
    </section>
  );
}

function AppOff({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const toast = useToast();
  const setup = useTotpSetup();
  const enable = useTotpChange(api.adminTotpEnable);
  const turnOn = async (code: string) => {
    const answer = await enable.mutateAsync(code);
    toast.success(t.turnedOn);
    onCodes(answer.data?.recoveryCodes ?? []);
  };
  return (
    <div className={styles.card}>
      <p className={styles.state}>{t.statusOff}</p>
      {setup.data ? (
        <>
          <p className={styles.lead}>{t.enrolSettingsLead}</p>
          <TotpEnrolment setup={setup.data} onCode={turnOn} />
        </>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className="btn"
            disabled={setup.isPending}
            onClick={() => setup.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
          >
            {t.turnOn}
          </button>
        </div>
      )}
    </div>
  );
}

function AppOn({ status, onCodes }: { status: TotpStatus; onCodes: (codes: string[]) => void }) {
  const toast = useToast();
  const newCodes = useTotpChange(api.adminTotpRecoveryCodes);
  const disable = useTotpChange(api.adminTotpDisable);
  return (
    <>
      <div className={styles.card}>
        <p className={styles.state}>{t.statusOn}</p>
        <p className={styles.lead}>
          {t.codesLeft(status.recoveryCodesLeft)} {status.required && t.required}
        </p>
      </div>
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>{t.newCodes}</h3>
        <p className={styles.lead}>{t.newCodesLead}</p>
        <CodeForm
          submit={t.newCodes}
          onCode={async (code) => {
            const answer = await newCodes.mutateAsync(code);
            toast.success(t.codesMade);
            onCodes(answer.data?.recoveryCodes ?? []);
          }}
        />
      </div>
      {!status.required && (
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>{t.turnOff}</h3>
          <p className={styles.lead}>{t.turnOffLead}</p>
          <CodeForm
            submit={t.turnOff}
            onCode={async (code) => {
              await disable.mutateAsync(code);
              toast.success(t.turnedOff);
            }}
          />
        </div>
      )}
    </>
  );
}
