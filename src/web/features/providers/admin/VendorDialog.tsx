// Add Provider (/vendor) and Edit Provider (/vendorDetail): User Name, Phone and Email with the
// member sign-up's rules, checked here and by the server (POST /v1/users/adminAddVendor).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminVendorBody, type MemberRow } from '../../../../contract/admin.js';
import { limits } from '../../../../contract/auth.js';
import { adminVendorText as t, notice } from '../../../../contract/messages.js';
import { Field } from '../../../ui/Field.js';
import { FormDialog, useFormSave } from '../../../ui/FormDialog.js';
import { useSaveVendor } from './api.js';

type FormInput = z.input<typeof adminVendorBody>;
type FormOutput = z.output<typeof adminVendorBody>;
const fields = ['UserName', 'phone', 'email'] as const;

/** `vendor` absent: a new provider; otherwise that provider is corrected. */
export function VendorDialog({
  vendor,
  onClose,
}: {
  vendor?: Pick<MemberRow, '_id' | 'name' | 'phone' | 'email'>;
  onClose(): void;
}) {
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
  const saveForm = useFormSave(setError, fields, onClose);

  const onSubmit = handleSubmit(async (values) => {
    await saveForm(() => save.mutateAsync(values), vendor ? notice.submitted : t.added);
  });

  return (
    <FormDialog
      title={vendor ? t.editContractor : t.addContractor}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      busy={isSubmitting}
    >
      <Field label={t.userName} error={errors.UserName?.message}>
        <input type="text" autoComplete="off" maxLength={limits.nameMax} {...register('UserName')} />
      </Field>
      <Field label={t.phone} error={errors.phone?.message}>
        <input type="tel" inputMode="numeric" autoComplete="off" maxLength={limits.phoneMax} {...register('phone')} />
      </Field>
      <Field label={t.email} error={errors.email?.message}>
        <input type="email" autoComplete="off" maxLength={limits.emailMax} {...register('email')} />
      </Field>
    </FormDialog>
  );
}
