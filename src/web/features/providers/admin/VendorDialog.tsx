// Add Contractor (/vendor) and Edit Contractor (/vendorDetail): User Name, Phone and Email with the
// member sign-up's rules, checked here and by the server (POST /v1/users/adminAddVendor).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminVendorBody, type MemberRow } from '../../../../contract/admin.js';
import { limits } from '../../../../contract/auth.js';
import { adminVendorText as t, notice } from '../../../../contract/messages.js';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.js';
import { Dialog } from '../../../ui/Dialog.js';
import { Field } from '../../../ui/Field.js';
import { useToast } from '../../../ui/toast.js';
import { useSaveVendor } from './api.js';

type FormInput = z.input<typeof adminVendorBody>;
type FormOutput = z.output<typeof adminVendorBody>;
const fields = ['UserName', 'phone', 'email'] as const;

/** `vendor` absent: a new contractor; otherwise that contractor is corrected. */
export function VendorDialog({
  vendor,
  onClose,
}: {
  vendor?: Pick<MemberRow, '_id' | 'name' | 'phone' | 'email'>;
  onClose(): void;
}) {
  const formId = useId();
  const toast = useToast();
  const save = useSaveVendor();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(adminVendorBody),
    defaultValues: {
      UserName: vendor?.name ?? '',
      phone: vendor?.phone ?? '',
      email: vendor?.email ?? '',
      id: vendor?._id,
    },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, fields);
      return;
    }
    toast.success(vendor ? notice.submitted : t.added);
    onClose();
  });

  return (
    <Dialog
      open
      title={vendor ? t.editContractor : t.addContractor}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="btn" disabled={isSubmitting}>
            {t.save}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <Field label={t.userName} error={errors.UserName?.message}>
          <input type="text" autoComplete="off" maxLength={limits.nameMax} {...register('UserName')} />
        </Field>
        <Field label={t.phone} error={errors.phone?.message}>
          <input type="tel" inputMode="numeric" autoComplete="off" maxLength={limits.phoneMax} {...register('phone')} />
        </Field>
        <Field label={t.email} error={errors.email?.message}>
          <input type="email" autoComplete="off" maxLength={limits.emailMax} {...register('email')} />
        </Field>
      </form>
    </Dialog>
  );
}
