// The rows of a price list inside a form (/provider/profile, the admin's /vendorDetail): per
// service its price in dollars, per visit or per hour, and about how long it takes. The form
// around it holds the rows under `prices.<serviceId>` (priceRows.ts turns them into the lines).
import { useEffect, useId, useRef } from 'react';
import { useFormContext, type FieldError } from 'react-hook-form';
import { priceUnits } from '../../../contract/checkout.js';
import { checkoutText as t } from '../../../contract/messages.js';
import { Field } from '../../ui/Field.js';
import { durationUnits, type PriceRowInput, type PriceRowsInput } from './priceRows.js';
import styles from './prices.module.css';

interface PriceRowsProps {
  /** The services to price, in the order shown. */
  services: { _id: string; title: string }[];
  /** The row of a service the form has no value for yet (one just added). */
  fallback: PriceRowInput;
  legend: string;
  /** The legend is read, not shown (a heading above says it). */
  hideLegend?: boolean;
  lead: string;
  empty: string;
}

export function PriceRows({ services, fallback, legend, hideLegend, lead, empty }: PriceRowsProps) {
  return (
    <fieldset className={styles.list}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      <p className={styles.lead}>{services.length ? lead : empty}</p>
      {services.map((service) => (
        <PriceRow key={service._id} service={service} fallback={fallback} />
      ))}
    </fieldset>
  );
}

type RowErrors = Partial<Record<keyof PriceRowInput, FieldError>> | undefined;

function PriceRow({ service, fallback }: { service: { _id: string; title: string }; fallback: PriceRowInput }) {
  const { register, formState, getValues, setValue } = useFormContext<{ prices: PriceRowsInput }>();
  const id = useId();
  const name = `prices.${service._id}` as const;
  const errors = (formState.errors.prices as Record<string, RowErrors> | undefined)?.[service._id];
  // A row the form holds no value for starts from `fallback` (the inputs' own default values),
  // and its price follows the fallback's (the charges typed after ticking the service) until typed in.
  const start = getValues(name) ?? fallback;
  const isNew = useRef(getValues(name) === undefined).current;
  const typed = useRef(false);
  useEffect(() => {
    if (isNew && !typed.current) setValue(`${name}.priceCents`, fallback.priceCents);
  }, [isNew, name, fallback.priceCents, setValue]);
  const price = register(`${name}.priceCents`, {
    onChange: () => {
      typed.current = true;
    },
  });
  const durationError = errors?.durationMinutes?.message;
  return (
    <fieldset className={styles.row}>
      <legend>{service.title}</legend>
      <Field label={t.price} error={errors?.priceCents?.message}>
        <input type="text" inputMode="decimal" placeholder="45.00" defaultValue={start.priceCents} {...price} />
      </Field>
      <Field label={t.priceUnit}>
        <select defaultValue={start.unit} {...register(`${name}.unit`)}>
          {priceUnits.map((unit) => (
            <option key={unit} value={unit}>
              {t.unitNames[unit]}
            </option>
          ))}
        </select>
      </Field>
      <div className="field">
        <label htmlFor={`${id}-duration`}>{t.duration}</label>
        <div className={styles.pair}>
          <input
            id={`${id}-duration`}
            type="text"
            inputMode="decimal"
            defaultValue={start.durationMinutes}
            aria-invalid={durationError ? true : undefined}
            aria-describedby={durationError ? `${id}-duration-error` : undefined}
            {...register(`${name}.durationMinutes`)}
          />
          <select aria-label={t.durationUnit} defaultValue={start.durationUnit} {...register(`${name}.durationUnit`)}>
            {durationUnits.map((unit) => (
              <option key={unit} value={unit}>
                {t.durationUnits[unit]}
              </option>
            ))}
          </select>
        </div>
        {durationError && (
          <small id={`${id}-duration-error`} className="field-error" role="alert">
            {durationError}
          </small>
        )}
      </div>
    </fieldset>
  );
}
