// Add Service and Edit: a title (required) and an image file; the image
// is required to add and optional to edit (the current one stays). 'Successfully Submitted!'
// after the server said yes; the list behind refreshes in place.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  catalogueLimits,
  serviceForm,
  type AdminService,
  type ServiceFormInput,
} from '../../../../contract/catalogue.js';
import { adminCatalogueText as t, imageText, notice } from '../../../../contract/messages.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useAddService, useUpdateService } from './api.js';
import { FormDialog } from './FormDialog.js';
import { formFailure } from './formFailure.js';
import { ImageField, type PickedImage } from './ImageField.js';

export function ServiceDialog({ service, onClose }: { service: AdminService | null; onClose(): void }) {
  const toast = useToast();
  const add = useAddService();
  const update = useUpdateService();
  const formId = useId();
  const { register, handleSubmit, setError, formState } = useForm<
    ServiceFormInput,
    unknown,
    z.output<typeof serviceForm>
  >({
    resolver: zodResolver(serviceForm),
    defaultValues: { title: service?.title ?? '' },
  });
  const [image, setImage] = useState<PickedImage>({});
  const [progress, setProgress] = useState<number | null>(null);

  /** The image's own check, run with the title's so every problem shows at once. */
  const imageReady = () => {
    if (image.error) return false;
    if (!service && !image.file) {
      setImage({ error: imageText.missing });
      return false;
    }
    return true;
  };

  const submit = handleSubmit(async ({ title }) => {
    if (!imageReady()) return;
    setProgress(0);
    try {
      const input = { title, image: image.file, onProgress: setProgress };
      if (service) await update.mutateAsync({ ...input, _id: service._id });
      else await add.mutateAsync(input);
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
      title={service ? t.editService : t.addService}
      formId={formId}
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
        current={service?.image}
        hint={service ? t.keepImageHint : t.imageHint}
        disabled={formState.isSubmitting}
      />
    </FormDialog>
  );
}
