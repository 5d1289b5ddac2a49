// Add Offer: Name, Title, Image, About Image, Amount and Offer. The amount is
// typed in dollars (at most 2 decimals) and checked as the server checks it; the image is
// required, the about image optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { catalogueLimits, offerForm, type OfferFormInput } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, imageText } from '../../../../contract/messages.js';
import { Field } from '../../../ui/Field.js';
import { useAddOffer } from './api.js';
import styles from './catalogue.module.css';
import { FormDialog } from './FormDialog.js';
import { useUploadSave } from './useUploadSave.js';
import { ImageField, type PickedImage } from './ImageField.js';
import { hundredthsText } from '../../../../contract/wallet.js';

const textFields = ['name', 'title', 'amount', 'offer'] as const;

export function OfferDialog({ onClose }: { onClose(): void }) {
  const add = useAddOffer();
  const { register, handleSubmit, setError, formState } = useForm<OfferFormInput, unknown, z.output<typeof offerForm>>({
    resolver: zodResolver(offerForm),
    defaultValues: { name: '', title: '', amount: '', offer: '' },
  });
  const { errors, isSubmitting } = formState;
  const [image, setImage] = useState<PickedImage>({});
  const [aboutImage, setAboutImage] = useState<PickedImage>({});
  const { progress, save } = useUploadSave(onClose);

  const imagesReady = () => {
    if (!image.file && !image.error) setImage({ error: imageText.missing });
    return Boolean(image.file) && !aboutImage.error;
  };

  const submit = handleSubmit(async ({ amount, ...values }) => {
    if (!imagesReady()) return;
    await save(
      (onProgress) =>
        // The checked amount, in cents, sent back as the dollars it was typed as.
        add.mutateAsync({
          ...values,
          amount: hundredthsText(amount),
          image: image.file,
          aboutImage: aboutImage.file,
          onProgress,
        }),
      {
        ...Object.fromEntries(textFields.map((field) => [field, (message: string) => setError(field, { message })])),
        image: (message) => setImage({ error: message }),
        aboutimage: (message) => setAboutImage({ error: message }),
      },
    );
  }, imagesReady);

  return (
    <FormDialog
      title={t.addOffer}
      busy={isSubmitting}
      progress={progress}
      onClose={onClose}
      onSubmit={() => void submit()}
      wide
    >
      <div className={styles.grid}>
        <Field label={t.name} error={errors.name?.message}>
          <input autoComplete="off" maxLength={catalogueLimits.nameMax} {...register('name')} />
        </Field>
        <Field label={t.title} error={errors.title?.message}>
          <input autoComplete="off" maxLength={catalogueLimits.titleMax} {...register('title')} />
        </Field>
      </div>
      <div className={styles.grid}>
        <ImageField label={t.image} value={image} onChange={setImage} disabled={isSubmitting} />
        <ImageField label={t.aboutImage} value={aboutImage} onChange={setAboutImage} disabled={isSubmitting} />
      </div>
      <Field label={t.amount} error={errors.amount?.message} hint={t.amountHint}>
        <input inputMode="decimal" autoComplete="off" {...register('amount')} />
      </Field>
      <Field label={t.offer} error={errors.offer?.message}>
        <textarea rows={3} maxLength={catalogueLimits.offerMax} {...register('offer')} />
      </Field>
    </FormDialog>
  );
}
