// The add and edit modals of /faq: Title and About, both required, checked with the
// server's schema; 'Successfully Submitted!' after the save, then the list reloads.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contentLimits, faqBody, type FaqRow } from '../../../../contract/content.js';
import { adminContentText as c, notice } from '../../../../contract/messages.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useAddFaq, useUpdateFaq } from './api.js';

type FormInput = z.input<typeof faqBody>;
type FormOutput = z.output<typeof faqBody>;

/** `faq` null: a new FAQ ('Add New'); otherwise that FAQ is edited. */
export function FaqDialog({ faq, onClose }: { faq: FaqRow | null; onClose(): void }) {
  const formId = useId();
  const toast = useToast();
  const add = useAddFaq();
  const update = useUpdateFaq();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(faqBody),
    defaultValues: { title: faq?.title ?? '', about: faq?.about ?? '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (faq) await update.mutateAsync({ ...values, _id: faq._id });
      else await add.mutateAsync(values);
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, ['title', 'about']);
      return;
    }
    toast.success(notice.submitted);
    onClose();
  });

  return (
    <Dialog
      open
      wide
      title={faq ? c.editFaq : c.addFaq}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {c.cancel}
          </button>
          <button type="submit" form={formId} className="btn" disabled={isSubmitting}>
            {isSubmitting ? c.submitting : c.submit}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <Field label={c.title} error={errors.title?.message}>
          <input type="text" maxLength={contentLimits.titleMax} {...register('title')} />
        </Field>
        <Field label={c.about} error={errors.about?.message}>
          <textarea rows={8} maxLength={contentLimits.aboutMax} {...register('about')} />
        </Field>
      </form>
    </Dialog>
  );
}
