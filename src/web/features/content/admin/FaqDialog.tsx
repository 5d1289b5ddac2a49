// The add and edit modals of /faq: Title and About, both required, checked with the
// server's schema; 'Successfully Submitted!' after the save, then the list reloads.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contentLimits, faqBody, type FaqRow } from '../../../../contract/content.js';
import { adminContentText as c, notice } from '../../../../contract/messages.js';
import { Field } from '../../../ui/Field.js';
import { FormDialog, useFormSave } from '../../../ui/FormDialog.js';
import { useAddFaq, useUpdateFaq } from './api.js';

type FormInput = z.input<typeof faqBody>;
type FormOutput = z.output<typeof faqBody>;

/** `faq` null: a new FAQ ('Add New'); otherwise that FAQ is edited. */
export function FaqDialog({ faq, onClose }: { faq: FaqRow | null; onClose(): void }) {
  const add = useAddFaq();
  const update = useUpdateFaq();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(faqBody),
    defaultValues: { title: faq?.title ?? '', about: faq?.about ?? '' },
  });
  const { errors, isSubmitting } = formState;
  const save = useFormSave(setError, ['title', 'about'], onClose);

  const onSubmit = handleSubmit(async (values) => {
    await save(
      () => (faq ? update.mutateAsync({ ...values, _id: faq._id }) : add.mutateAsync(values)),
      notice.submitted,
    );
  });

  return (
    <FormDialog
      wide
      title={faq ? c.editFaq : c.addFaq}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={c.cancel}
      submitLabel={c.submit}
      busy={isSubmitting}
      busyLabel={c.submitting}
    >
      <Field label={c.title} error={errors.title?.message}>
        <input type="text" maxLength={contentLimits.titleMax} {...register('title')} />
      </Field>
      <Field label={c.about} error={errors.about?.message}>
        <textarea rows={8} maxLength={contentLimits.aboutMax} {...register('about')} />
      </Field>
    </FormDialog>
  );
}
