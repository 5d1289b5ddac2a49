// /profit 'Distribute Profit': risk type, profit or loss and a percentage;
// Calculate asks the server what would move (the preview), Distribute applies exactly that preview
// and goes to the user listing. The preview belongs to the inputs it was calculated for: change one
// and Distribute waits for a new Calculate. The server refuses a repeat or a changed ledger.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { adminWalletText as t, notice, text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import {
  calculatePercentageBody,
  distributionTypes,
  hundredthsText,
  type DistributionPreview,
} from '../../../../contract/wallet.js';
import { ApiError } from '../../../lib/api.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { useCalculateDistribution, useDistribute, useRiskCategories, type DistributionInput } from './api.js';
import { money, percent } from '../../../lib/format.js';
import styles from './wallet.module.css';

type FormInput = z.input<typeof calculatePercentageBody>;
type FormOutput = z.output<typeof calculatePercentageBody>;

interface Calculated {
  /** The inputs as typed when Calculate was pressed. */
  typed: { riskCategory: string; transaction_type: string; percentage: string };
  /** What was sent (the percentage with exactly 2 decimals), and is sent again to distribute. */
  input: DistributionInput;
  preview: DistributionPreview;
}

const typedOf = (values: Partial<FormInput>) => ({
  riskCategory: String(values.riskCategory ?? ''),
  transaction_type: String(values.transaction_type ?? ''),
  percentage: String(values.percentage ?? '').trim(),
});
const sameTyped = (a: Calculated['typed'], b: Calculated['typed']) =>
  a.riskCategory === b.riskCategory && a.transaction_type === b.transaction_type && a.percentage === b.percentage;

export default function ProfitPage() {
  const categories = useRiskCategories();
  return (
    <section className={styles.page} aria-labelledby="profit-title">
      <title>{`${t.distributeProfit} · ${text.brand}`}</title>
      <h2 id="profit-title" className={pageHead.title}>
        {t.distributeProfit}
      </h2>
      <QueryState query={categories}>{(list) => <DistributionForm categories={list} />}</QueryState>
    </section>
  );
}

function DistributionForm({ categories }: { categories: { _id: string; label: string }[] }) {
  const ids = {
    risk: useId(),
    riskError: useId(),
    type: useId(),
    typeError: useId(),
    percentage: useId(),
    hint: useId(),
    percentageError: useId(),
  };
  const toast = useToast();
  const navigate = useNavigate();
  const calculate = useCalculateDistribution();
  const distribute = useDistribute();
  const [calculated, setCalculated] = useState<Calculated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Guards the instant between a click and the re-render that disables the button.
  const distributing = useRef(false);

  const { register, handleSubmit, control, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(calculatePercentageBody),
    defaultValues: { percentage: '' },
  });
  const { errors } = formState;
  const current = typedOf(useWatch({ control }));
  const stale = calculated !== null && !sameTyped(calculated.typed, current);

  const onCalculate = handleSubmit((values) => {
    const typed = current;
    // Basis points back to a percentage with 2 decimals: exact, and what the server reads back.
    const input: DistributionInput = {
      riskCategory: values.riskCategory,
      transaction_type: values.transaction_type,
      percentage: hundredthsText(values.percentage),
    };
    setFailure(null);
    calculate.mutate(input, {
      onSuccess: (preview) => setCalculated({ typed, input, preview }),
      onError: (error) => {
        setCalculated(null);
        setFailure(error.message);
        toast.error(error.message);
      },
    });
  });

  const onDistribute = () => {
    if (!calculated || stale || distributing.current) return;
    distributing.current = true;
    setFailure(null);
    distribute.mutate(
      { ...calculated.input, previewKey: calculated.preview.previewKey },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? notice.submitted);
          navigate(routes.userListing);
        },
        onError: (error) => {
          setFailure(error.message);
          toast.error(error.message);
          // Refused as changed or already applied: this preview is spent; a new Calculate is needed.
          if (error instanceof ApiError && (error.status === 409 || error.status === 422)) setCalculated(null);
        },
        onSettled: () => {
          distributing.current = false;
        },
      },
    );
  };

  const preview = calculated?.preview;
  const category = preview && categories.find((c) => c._id === preview.riskCategory);
  const sign = preview?.transactionType === 'loss' ? -1 : 1;
  const canDistribute = Boolean(
    preview && !stale && preview.walletCount > 0 && !distribute.isPending && !calculate.isPending,
  );

  return (
    <div className={styles.profit}>
      <form className={`form ${styles.card}`} noValidate onSubmit={onCalculate} aria-label={t.distributeProfit}>
        <fieldset
          className={styles.choices}
          aria-describedby={errors.riskCategory ? ids.riskError : undefined}
          aria-invalid={errors.riskCategory ? true : undefined}
        >
          <legend>{t.riskType}</legend>
          {categories.map((c) => (
            <label key={c._id} className="check">
              <input type="radio" value={c._id} {...register('riskCategory')} />
              {c.label}
            </label>
          ))}
          {errors.riskCategory && (
            <small id={ids.riskError} className="field-error" role="alert">
              {errors.riskCategory.message}
            </small>
          )}
        </fieldset>

        <fieldset className={styles.choices} aria-describedby={errors.transaction_type ? ids.typeError : undefined}>
          <legend>{t.transactionType}</legend>
          {distributionTypes.map((type) => (
            <label key={type} className="check">
              <input type="radio" value={type} {...register('transaction_type')} />
              {t.profitLoss[type]}
            </label>
          ))}
          {errors.transaction_type && (
            <small id={ids.typeError} className="field-error" role="alert">
              {errors.transaction_type.message}
            </small>
          )}
        </fieldset>

        <div className="field">
          <label htmlFor={ids.percentage}>{t.percentage}</label>
          <input
            id={ids.percentage}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-invalid={errors.percentage ? true : undefined}
            aria-describedby={errors.percentage ? ids.percentageError : ids.hint}
            {...register('percentage')}
          />
          {errors.percentage ? (
            <small id={ids.percentageError} className="field-error" role="alert">
              {errors.percentage.message}
            </small>
          ) : (
            <small id={ids.hint} className="field-hint">
              {t.percentageHint}
            </small>
          )}
        </div>

        <button type="submit" className="btn" disabled={calculate.isPending || distribute.isPending}>
          {calculate.isPending ? t.calculating : t.calculate}
        </button>
      </form>

      <section className={`${styles.card} ${styles.preview}`} aria-labelledby="preview-title" aria-live="polite">
        <h3 id="preview-title">{t.preview}</h3>
        {failure && (
          <p className={styles.refusal} role="alert">
            {failure}
          </p>
        )}
        {preview ? (
          <>
            <dl className={`${styles.info} ${stale ? styles.staleFigures : ''}`}>
              <div>
                <dt>{t.totalAmount}</dt>
                <dd className={styles.total}>{money(preview.totalAmount)}</dd>
              </div>
              <div>
                <dt>{t.percentageShort}</dt>
                <dd>{percent(preview.percentage)}</dd>
              </div>
              <div>
                <dt>{t.riskCategory}</dt>
                <dd>{category?.label ?? preview.riskCategory}</dd>
              </div>
              <div>
                <dt>{t.transactionType}</dt>
                <dd>{t.profitLoss[preview.transactionType]}</dd>
              </div>
              <div>
                <dt>{t.wallets}</dt>
                <dd>{preview.walletCount}</dd>
              </div>
              <div>
                <dt>{t.heldNow(category?.label ?? t.riskCategory)}</dt>
                <dd>{money(preview.categoryAmount)}</dd>
              </div>
              <div>
                <dt>{t.heldAfter}</dt>
                <dd>{money(preview.categoryAmount + sign * preview.totalAmount)}</dd>
              </div>
            </dl>
            {stale && <p className={styles.stale}>{t.previewStale}</p>}
            {!stale && preview.walletCount === 0 && <p className={styles.stale}>{t.nothingMoves}</p>}
          </>
        ) : (
          !failure && <p className="muted">{t.calculateFirst}</p>
        )}
        <button
          type="button"
          className="btn"
          onClick={onDistribute}
          disabled={!canDistribute}
          aria-busy={distribute.isPending || undefined}
        >
          {distribute.isPending ? t.distributing : t.distribute}
        </button>
      </section>
    </div>
  );
}
