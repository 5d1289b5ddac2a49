// Add Banner: a title (required) and an image file.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bannerForm, catalogueLimits, type BannerFormInput } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, imageText, notice } from '../../../../contract/messages.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useAddBanner } from './api.js';
import { FormDialog } from './FormDialog.js';
import { formFailure } from './formFailure.js';
import { ImageField, type PickedImage } from './ImageField.js';

export function BannerDialog({ onClose }: { onClose(): void }) {
  const toast = useToast();
  const add = useAddBanner();
  const formId = useId();
  const { register, handleSubmit, setError, formState } = useForm<
    BannerFormInput,
    unknown,
    z.output<typeof bannerForm>
  >({
    resolver: zodResolver(bannerForm),
    defaultValues: { title: '' },
  });
  const [image, setImage] = useState<PickedImage>({});
  const [progress, setProgress] = useState<number | null>(null);

  const imageReady = () => {
    if (image.error) return false;
    if (!image.file) {
      setImage({ error: imageText.missing });
      return false;
    }
    return true;
  };

  const submit = handleSubmit(async ({ title }) => {
    if (!imageReady()) return;
    setProgress(0);
    try {
      await add.mutateAsync({ title, image: image.file, onProgress: setProgress });
    } catch (error) {
      formFailure(error, toast, {
        title: (message) => setError('title', { message }),
        image: (message) => setImage({ error: message }),
      });
      return;
    } finally {
      setProgress(null);
    }
    toast.success(notice.submitted);
    onClose();
  }, imageReady);

  return (
    <FormDialog
      title={t.addBanner}
      formId={formId}
      busy={formState.isSubmitting}
      progress={progress}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Field label={t.title} error={formState.errors.title?.message}>
        <input autoComplete="off" maxLength={catalogueLimits.titleMax} {...register('title')} />
      </Field>
      <ImageField label={t.image} value={image} onChange={setImage} disabled={formState.isSubmitting} />
    </FormDialog>
  );
}
