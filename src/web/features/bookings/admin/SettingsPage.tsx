// /settings 'Settings': the marketplace's terms for new bookings — the platform fee (a percentage
// of the service price, added to what the customer pays) and the late-cancellation fee (dollars).
// The admin types a percentage and dollars; they cross the wire as hundredths of a percent and
// cents, read as text (never multiplied as a float) and checked by the server's own schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { marketSettings, type MarketSettings } from '../../../../contract/checkout.js';
import { checkoutText as t, text } from '../../../../contract/messages.js';
import { hundredthsText, toHundredths } from '../../../../contract/wallet.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { Field } from '../../../ui/Field.js';
import pageHead from '../../../ui/pageHead.module.css';
import { QueryState } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { useMarketSettings, useSaveMarketSettings } from './settings.api.js';
import styles from './settings.module.css';

/** Text → hundredths; anything else than a number with at most 2 decimals is NaN, which the server's schema refuses with its message. */
const hundredths = (value: string) => {
  const units = toHundredths(value);
  return typeof units === 'number' ? units : Number.NaN;
};

/** The form holds the percentage and the dollars as typed, under the names the server's schema gives their figures. */
const settingsForm = z
  .object({ feeBasisPoints: z.string(), cancellationFeeCents: z.string() })
  .transform((form) => ({
    feeBasisPoints: hundredths(form.feeBasisPoints),
    cancellationFeeCents: hundredths(form.cancellationFeeCents),
  }))
  .pipe(marketSettings);
type SettingsFormInput = z.input<typeof settingsForm>;

/** 1250 basis points → `12.5`; 1000 → `10`. */
const percentText = (basisPoints: number) => String(basisPoints / 100);

export default function SettingsPage() {
  const settings = useMarketSettings();
  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <title>{`${t.settings} · ${text.brand}`}</title>
      <h2 id="settings-title" className={pageHead.title}>
        {t.settings}
      </h2>
      <p className={styles.lead}>{t.settingsLead}</p>
      <QueryState query={settings}>{(terms) => <SettingsForm terms={terms} />}</QueryState>
    </section>
  );
}

function SettingsForm({ terms }: { terms: MarketSettings }) {
  const toast = useToast();
  const save = useSaveMarketSettings();
  const { register, handleSubmit, formState, setError, reset } = useForm<SettingsFormInput, unknown, MarketSettings>({
    resolver: zodResolver(settingsForm),
    defaultValues: {
      feeBasisPoints: percentText(terms.feeBasisPoints),
      cancellationFeeCents: hundredthsText(terms.cancellationFeeCents),
    },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const response = await save.mutateAsync(body);
      reset({
        feeBasisPoints: percentText(response.data.feeBasisPoints),
        cancellationFeeCents: hundredthsText(response.data.cancellationFeeCents),
      });
      toast.success(response.message ?? t.settingsSaved);
    } catch (error) {
      applyServerErrors(error, setError, ['feeBasisPoints', 'cancellationFeeCents']);
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className={`form ${styles.form}`} noValidate onSubmit={(e) => void onSubmit(e)}>
      <Field label={t.platformFee} error={errors.feeBasisPoints?.message} hint={t.platformFeeHint}>
        <input type="text" inputMode="decimal" {...register('feeBasisPoints')} />
      </Field>
      <Field
        label={t.lateCancellationFee}
        error={errors.cancellationFeeCents?.message}
        hint={t.lateCancellationFeeHint}
      >
        <input type="text" inputMode="decimal" {...register('cancellationFeeCents')} />
      </Field>
      <div className={styles.actions}>
        <button type="submit" className="btn" disabled={save.isPending}>
          {t.saveSettings}
        </button>
      </div>
    </form>
  );
}
