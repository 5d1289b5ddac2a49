// The catalogue's title-and-image modals (Add Banner, Add Service, Edit): a title (required) and an
// image file; the image is required to add and optional to edit (the current one stays).
// 'Successfully Submitted!' after the server said yes; the list behind refreshes in place.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { catalogueLimits, serviceForm, type ServiceFormInput } from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, imageText } from '../../../../contract/messages.js';
import { Field } from '../../../ui/Field.js';
import type { ServiceInput } from './api.js';
import { FormDialog } from './FormDialog.js';
import { useUploadSave } from './useUploadSave.js';
import { ImageField, type PickedImage } from './ImageField.js';

interface TitleImageDialogProps {
  heading: string;
  /** The form's schema (a title): bannerForm or serviceForm. */
  schema: typeof serviceForm;
  /** The row being edited, or null to add one. */
  current: { title: string; image: string | null } | null;
  save(input: ServiceInput): Promise<unknown>;
  onClose(): void;
}

export function TitleImageDialog({ heading, schema, current, save, onClose }: TitleImageDialogProps) {
  const { register, handleSubmit, setError, formState } = useForm<ServiceFormInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { title: current?.title ?? '' },
  });
  const [image, setImage] = useState<PickedImage>({});
  const { progress, save: upload } = useUploadSave(onClose);

  /** The image's own check, run with the title's so every problem shows at once. */
  const imageReady = () => {
    if (image.error) return false;
    if (!current && !image.file) {
      setImage({ error: imageText.missing });
      return false;
    }
    return true;
  };

  const submit = handleSubmit(async ({ title }) => {
    if (!imageReady()) return;
    await upload((onProgress) => save({ title, image: image.file, onProgress }), {
      title: (message) => setError('title', { message }),
      image: (message) => setImage({ error: message }),
    });
  }, imageReady);

  return (
    <FormDialog
      title={heading}
      busy={formState.isSubmitting}
      progress={progress}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Field label={t.title} error={formState.errors.title?.message}>
        <input autoComplete="off" maxLength={catalogueLimits.titleMax} {...register('title')} />
      </Field>
      <ImageField
        label={t.image}
        value={image}
        onChange={setImage}
        current={current?.image}
        hint={current ? t.keepImageHint : t.imageHint}
        disabled={formState.isSubmitting}
      />
    </FormDialog>
  );
}
