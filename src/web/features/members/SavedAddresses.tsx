// The member's saved addresses on /Profiles: each with its label and a Delete button, and a form
// to save another (the line, an apartment or unit, Home, Work or Other), at most ten. The booking
// dialog offers them first among its location suggestions.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  savedAddressForm,
  savedAddressLabels,
  savedAddressLimits,
  type SavedAddress,
} from '../../../contract/addresses.js';
import { savedAddressText as t } from '../../../contract/messages.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import { Field } from '../../ui/Field.js';
import { QueryState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useAddSavedAddress, useDeleteSavedAddress, useSavedAddresses } from './api.js';
import styles from './profile.module.css';

type FormInput = z.input<typeof savedAddressForm>;
type FormOutput = z.output<typeof savedAddressForm>;
const fields = ['line', 'unit', 'label'] as const;

export function SavedAddresses() {
  const saved = useSavedAddresses();
  const headingId = useId();
  return (
    <section className={styles.saved} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.aboutHeading}>
        {t.heading}
      </h3>
      <p className="muted">{t.intro}</p>
      <QueryState query={saved}>
        {(list) => (
          <>
            <SavedList list={list} />
            {list.length < savedAddressLimits.perMember ? (
              <AddAddress />
            ) : (
              <p className="muted">{t.full(savedAddressLimits.perMember)}</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function SavedList({ list }: { list: SavedAddress[] }) {
  const toast = useToast();
  const remove = useDeleteSavedAddress();
  if (list.length === 0) return <p>{t.none}</p>;
  return (
    <ul className={styles.savedList}>
      {list.map((item) => (
        <li key={item._id}>
          <span className={styles.savedLabel}>{t.labels[item.label]}</span>
          <span className={styles.savedAddress}>{item.address}</span>
          <button
            type="button"
            className="btn btn-outline"
            aria-label={t.deleteNamed(item.address)}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item._id, {
                onSuccess: () => toast.success(t.deleted),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t.delete}
          </button>
        </li>
      ))}
    </ul>
  );
}

function AddAddress() {
  const toast = useToast();
  const add = useAddSavedAddress();
  const { register, handleSubmit, setError, reset, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(savedAddressForm),
    defaultValues: { line: '', unit: '', label: 'home' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success(t.added);
      reset();
    } catch (error) {
      if (!applyServerErrors(error, setError, fields, { focus: true })) toast.error(errorMessage(error));
    }
  });
  return (
    <form className={`form ${styles.savedForm}`} noValidate onSubmit={(event) => void onSubmit(event)}>
      <Field label={t.line} error={formState.errors.line?.message}>
        <input
          type="text"
          autoComplete="street-address"
          maxLength={savedAddressLimits.lineMax}
          placeholder={t.linePlaceholder}
          {...register('line')}
        />
      </Field>
      <div className={styles.savedRow}>
        <Field label={t.unit} error={formState.errors.unit?.message}>
          <input
            type="text"
            autoComplete="address-line2"
            maxLength={savedAddressLimits.unitMax}
            placeholder={t.unitPlaceholder}
            {...register('unit')}
          />
        </Field>
        <Field label={t.label} error={formState.errors.label?.message}>
          <select {...register('label')}>
            {savedAddressLabels.map((label) => (
              <option key={label} value={label}>
                {t.labels[label]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn-outline" disabled={formState.isSubmitting}>
        {t.add}
      </button>
    </form>
  );
}
