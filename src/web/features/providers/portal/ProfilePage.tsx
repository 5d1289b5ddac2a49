// /provider/profile: what customers see of the provider — services offered (the categories that
// are not archived) with a price for each (per visit or per hour, and how long it takes), charges
// in dollars, city (its time zone) and address, the service area (how far from the address it
// travels, km), about, and the photo. One Save sends the profile, then the price list when it
// changed (after the profile, which adds the services the list prices).
// The first save makes the provider complete; it stays hidden until an admin sets it Active.
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { PriceItem, PricesBody } from '../../../../contract/checkout.js';
import { useNavigate } from 'react-router';
import { checkoutText, discoveryText, providerPortalText as t, text } from '../../../../contract/messages.js';
import { routes } from '../../../../contract/paths.js';
import {
  portalCities,
  profileBody,
  radiusMiles,
  radiusMilesMax,
  type PortalProfile,
  type ProfileBody,
  type ProfileForm,
} from '../../../../contract/portal.js';
import { imageFileProblem } from '../../../../contract/profile.js';
import { distanceLimits } from '../../../../contract/providers.js';
import { radiusInUnit, radiusToKm } from '../../../../contract/format.js';
import { Field } from '../../../ui/Field.js';
import { ErrorState, Loading } from '../../../ui/states.js';
import { useToast } from '../../../ui/toast.js';
import { imageUrl } from '../../../lib/images.js';
import { useCategories } from '../../catalogue/index.js';
import { PriceRows } from '../PriceRows.js';
import { newRow, priceRows, pricesChanged, rowsOf } from '../priceRows.js';
import { usePortalProfile, usePrices, useSaveProfile, useSavePrices, useUploadPortalImage } from './api.js';
import pills from '../../../ui/pills.module.css';
import styles from './portal.module.css';
import { SaveActions } from './SaveActions.js';
import { hundredthsText } from '../../../../contract/wallet.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';

const defaultRadiusKm = distanceLimits.radiusKm.default;

/** The profile with a price row per offered service (by service id). */
// The service area is typed in miles and sent in km.
const profileForm = profileBody.extend({ prices: priceRows, radiusKm: radiusMiles });
type ProfileFormInput = z.input<typeof profileForm>;
type ProfileFormOutput = ProfileBody & { prices: PricesBody['prices'] };

const sameServices = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

export default function ProfilePage() {
  const profile = usePortalProfile();
  const categories = useCategories();
  const prices = usePrices();
  if (profile.isPending || categories.isPending || prices.isPending) return <Loading />;
  if (profile.isError) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  if (prices.isError) return <ErrorState error={prices.error} onRetry={() => void prices.refetch()} />;
  return <ProfileForm profile={profile.data} categories={categories.data} prices={prices.data} />;
}

function ProfileForm({
  profile,
  categories,
  prices,
}: {
  profile: PortalProfile;
  categories: { _id: string; title: string }[];
  prices: PriceItem[];
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const savePrices = useSavePrices();
  const uploadImage = useUploadPortalImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [imageError, setImageError] = useState<string>();
  const savedRadiusKm = profile.radiusKm ?? defaultRadiusKm;
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileForm),
    // A service unticked takes its price row with it.
    shouldUnregister: true,
    defaultValues: {
      services: profile.services,
      charges: profile.charges === null ? '' : hundredthsText(profile.charges),
      city: profile.city ?? ('' as ProfileForm['city']),
      address: profile.address,
      radiusKm: radiusInUnit(savedRadiusKm, 'mi'),
      about: profile.about,
      prices: rowsOf(prices),
    },
  });
  const { register, handleSubmit, formState, setError, watch } = form;
  const { errors } = formState;
  const wasComplete = profile.complete;
  // The rows follow the services ticked, in the order of the list above them.
  const ticked = watch('services');
  const offered = categories.filter((c) => Array.isArray(ticked) && ticked.includes(c._id));
  const charges = watch('charges');

  const onSubmit = handleSubmit(async ({ prices: lines, ...body }) => {
    try {
      // The server reads the charges as dollars, as typed: the checked cents go back as their text.
      // Miles not changed keep the km saved (25 km reads 16 mi, which would store 26).
      const radiusKm =
        body.radiusKm === radiusToKm(radiusInUnit(savedRadiusKm, 'mi'), 'mi') ? savedRadiusKm : body.radiusKm;
      const response = await save.mutateAsync({ ...body, radiusKm, charges: hundredthsText(body.charges) });
      // The list is sent when it changed, or when what prices a service without its own line did
      // (the services, the charges): a save without changes makes one call.
      const changed =
        !sameServices(body.services, profile.services) ||
        body.charges !== profile.charges ||
        pricesChanged(lines, prices);
      if (changed) await savePrices.mutateAsync({ prices: lines });
      toast.success(response.message ?? t.profileSaved);
      // First time complete: the schedule is the next step.
      if (!wasComplete && response.data.complete) void navigate(routes.providerSchedule);
    } catch (error) {
      applyServerErrors(error, setError, ['services', 'charges', 'city', 'address', 'radiusKm', 'about']);
      toast.error(errorMessage(error));
    }
  });

  async function pick(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setImageError(problem);
    setImageError(undefined);
    setProgress(0);
    try {
      await uploadImage.mutateAsync({ file, onProgress: setProgress });
    } catch (error) {
      setImageError(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  const photo = imageUrl(profile.image);
  return (
    <div>
      <title>{`${t.profileHeading} · ${text.brand}`}</title>
      <h1>{t.profileHeading}</h1>
      <FormProvider {...form}>
        <form className="panel form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className={styles.status}>
            <strong>{t.statusLabel}:</strong>
            <span className={`${pills.badge} ${profile.status === '1' ? pills.completed : pills.requested}`}>
              {t.status[profile.status]}
            </span>
            {profile.listed && <span className="muted">{t.activeText}</span>}
          </div>

          <div className={styles.photo}>
            {photo ? (
              <img className={styles.portrait} src={photo} alt={profile.name} width={96} height={96} />
            ) : (
              <span className={styles.portrait} aria-hidden="true" />
            )}
            <Field
              label={t.image}
              error={imageError}
              hint={progress !== null ? `${t.uploading} ${Math.round(progress * 100)}%` : undefined}
            >
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={uploadImage.isPending}
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </Field>
          </div>

          <fieldset className={styles.services} aria-describedby={errors.services ? 'services-error' : undefined}>
            <legend>{t.services}</legend>
            <div className={styles.checks}>
              {categories.map((c) => (
                <label key={c._id}>
                  <input type="checkbox" value={c._id} {...register('services')} /> {c.title}
                </label>
              ))}
            </div>
            {errors.services && (
              <small id="services-error" className="field-error" role="alert">
                {errors.services.message}
              </small>
            )}
          </fieldset>

          <PriceRows
            services={offered}
            fallback={newRow(typeof charges === 'number' ? hundredthsText(charges) : (charges ?? ''))}
            legend={checkoutText.priceList}
            lead={checkoutText.priceListLead}
            empty={checkoutText.priceListEmpty}
          />

          <div className={styles.row}>
            <Field label={t.charges} error={errors.charges?.message}>
              <input type="text" inputMode="decimal" placeholder="45.00" {...register('charges')} />
            </Field>
            <Field label={t.city} error={errors.city?.message}>
              <select {...register('city')}>
                <option value="">{t.cityPlaceholder}</option>
                {portalCities.map((city) => (
                  <option key={city} value={city}>
                    {t.cities[city]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field label={t.address} error={errors.address?.message}>
            <input
              type="text"
              autoComplete="street-address"
              placeholder={t.addressPlaceholder}
              {...register('address')}
            />
          </Field>
          <div className={styles.row}>
            <Field label={t.radiusLabel} error={errors.radiusKm?.message} hint={discoveryText.serviceAreaHint}>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={radiusMilesMax}
                step={1}
                {...register('radiusKm')}
              />
            </Field>
          </div>
          <Field label={t.about} error={errors.about?.message}>
            <textarea placeholder={t.aboutPlaceholder} {...register('about')} />
          </Field>
          <SaveActions busy={save.isPending || savePrices.isPending} />
        </form>
      </FormProvider>
    </div>
  );
}
