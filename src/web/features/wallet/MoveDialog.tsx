// Invest (free amount → a category), Move back (a category → free amount) and Withdraw (free
// amount → reserved, for the admin to pay out). The amount is read with the contract's schema and
// compared with what the source holds; the server checks both again and its refusal shows here.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { memberWalletText as t } from '../../../contract/messages.js';
import { moveBody, riskLabel } from '../../../contract/member-wallet.js';
import { hundredthsText, riskNames, type RiskName, type WalletFigures } from '../../../contract/wallet.js';
import { money } from '../../lib/format.js';
import { FormDialog, useFormSave } from '../../ui/FormDialog.js';
import { AmountField } from './AmountField.js';
import { useWalletMove } from './api.js';
import styles from './wallet.module.css';

export type MoveKind = 'invest' | 'divest' | 'withdraw';

type FormInput = z.input<typeof moveBody>;
type FormOutput = z.output<typeof moveBody>;

const titles: Record<MoveKind, string> = { invest: t.investTitle, divest: t.divestTitle, withdraw: t.withdrawTitle };

/** What the move takes its money from. */
function available(kind: MoveKind, risk: RiskName, wallet: WalletFigures): number {
  if (kind !== 'divest') return wallet.amount;
  return risk === 'lowrisk' ? wallet.lowRiskAmount : wallet.highRiskAmount;
}

export function MoveDialog({ kind, wallet, onClose }: { kind: MoveKind; wallet: WalletFigures; onClose(): void }) {
  const move = useWalletMove();
  const { register, handleSubmit, setError, watch, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(moveBody),
    // Move back starts on a category that holds something.
    defaultValues: {
      risk: kind === 'divest' && wallet.lowRiskAmount === 0 && wallet.highRiskAmount > 0 ? 'highrisk' : 'lowrisk',
      amount: '',
    },
  });
  const risk = watch('risk') as RiskName;
  const holds = available(kind, risk, wallet);
  const busy = formState.isSubmitting || move.isPending;
  const save = useFormSave(setError, ['amount'], onClose);

  const onSubmit = handleSubmit(async ({ risk: chosen, amount }) => {
    const limit = available(kind, chosen, wallet);
    if (amount > limit) {
      setError('amount', { message: t.moreThanAvailable(money(limit)) }, { shouldFocus: true });
      return;
    }
    // Exact cents back to dollars as text: the server reads the same cents.
    const dollars = hundredthsText(amount);
    await save(
      () =>
        move.mutateAsync(
          kind === 'withdraw' ? { kind, body: { amount: dollars } } : { kind, body: { risk: chosen, amount: dollars } },
        ),
      (response) => response.message ?? '',
    );
  });

  return (
    <FormDialog
      title={titles[kind]}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t.cancel}
      submitLabel={t.submit}
      busy={busy}
      busyLabel={t.submitting}
    >
      {kind !== 'withdraw' && (
        <fieldset className={styles.choice}>
          <legend>{t.category}</legend>
          {riskNames.map((name) => (
            <label key={name} className="check">
              <input type="radio" value={name} {...register('risk')} />
              {riskLabel(name)}
            </label>
          ))}
          {formState.errors.risk && (
            <small className="field-error" role="alert">
              {formState.errors.risk.message}
            </small>
          )}
        </fieldset>
      )}
      <AmountField
        label={t.amount}
        error={formState.errors.amount?.message}
        hint={t.amountHint(money(holds))}
        input={register('amount')}
      />
      {kind === 'withdraw' && <p className="muted">{t.withdrawNote}</p>}
    </FormDialog>
  );
}
