// A service's trade words on /servicesDetail: what customers type for it ('plumber', 'house
// cleaning'). Each is a chip with its remove button (Undo in the toast adds it back); the form
// below adds one, checked as the server checks it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { tradeWordForm, tradeWordLimits, type TradeWordFormInput } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, text } from '../../../../contract/messages.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { Field } from '../../../ui/Field.js';
import { QueryState } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { useTradeWordChange, useTradeWords } from './api.js';
import styles from './catalogue.module.css';

export function TradeWords({ serviceId, archived }: { serviceId: string; archived: boolean }) {
  const headingId = useId();
  const toast = useToast();
  const words = useTradeWords(serviceId);
  const { add, remove } = useTradeWordChange(serviceId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TradeWordFormInput, unknown, { phrase: string }>({
    resolver: zodResolver(tradeWordForm),
    defaultValues: { phrase: '' },
  });

  const onAdd = handleSubmit(({ phrase }) =>
    add.mutate(phrase, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? t.tradeWordAdded(phrase));
        reset();
      },
      onError: (error) => {
        if (!applyServerErrors(error, setError, ['phrase'], { focus: true })) toast.error(errorMessage(error));
      },
    }),
  );
  const onRemove = (phrase: string) =>
    remove.mutate(phrase, {
      onSuccess: () =>
        toast.success(t.tradeWordRemoved(phrase), undefined, {
          label: text.undo,
          onClick: () => add.mutate(phrase, { onError: (error) => toast.error(errorMessage(error)) }),
        }),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section className={styles.tradeWords} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.tradeWordsTitle}</h3>
      <p className={styles.lead}>{t.tradeWordsLead}</p>
      <QueryState query={words}>
        {(list) =>
          list.length === 0 ? (
            <p className={styles.noImage}>{t.noTradeWords}</p>
          ) : (
            <ul className={styles.chips}>
              {list.map(({ phrase }) => (
                <li key={phrase} className={styles.chip}>
                  <span>{phrase}</span>
                  <button
                    type="button"
                    className={styles.chipRemove}
                    aria-label={t.removeTradeWord(phrase)}
                    title={t.removeTradeWord(phrase)}
                    disabled={remove.isPending}
                    onClick={() => onRemove(phrase)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {!archived && (
        <form className={styles.tradeWordForm} noValidate onSubmit={onAdd}>
          <Field label={t.tradeWordLabel} error={errors.phrase?.message}>
            <input type="text" autoComplete="off" maxLength={tradeWordLimits.maxLength} {...register('phrase')} />
          </Field>
          <button type="submit" className="btn" disabled={add.isPending}>
            {add.isPending ? t.adding : t.addTradeWord}
          </button>
        </form>
      )}
    </section>
  );
}
