// The Edit modal of the profile screen: First Name, Last Name, About Me, Email (read-only), Age,
// Gender, Mobile (read-only, with its country code: +1 unless it was given another) and the
// profile image. Update saves the text first, then uploads the image with its progress.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { limits } from '../../../contract/auth.js';
import { imageLimits } from '../../../contract/common.js';
import { profileText } from '../../../contract/messages.js';
import { imageFileProblem, profileLimits, updateProfileBody, type MemberProfile } from '../../../contract/profile.js';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.js';
import { Field } from '../../ui/Field.js';
import { FormDialog } from '../../ui/FormDialog.js';
import { useToast } from '../../ui/toast.js';
import upload from '../../ui/upload.module.css';
import { UploadProgress } from '../../ui/UploadProgress.js';
import { useUpdateProfile, useUploadProfileImage } from './api.js';
import { Avatar } from './Avatar.js';
import styles from './profile.module.css';

type FormInput = z.input<typeof updateProfileBody>;
type FormOutput = z.output<typeof updateProfileBody>;
const formFields = ['first_name', 'last_name', 'about', 'age', 'gender'] as const;

interface Picked {
  file: File;
  preview: string;
}

export function EditProfileDialog({ profile, onClose }: { profile: MemberProfile; onClose(): void }) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const uploadImage = useUploadProfileImage();
  const ids = {
    mobile: useId(),
    mobileHint: useId(),
    image: useId(),
    imageHint: useId(),
    imageError: useId(),
  };

  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateProfileBody),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      about: profile.about ?? '',
      age: profile.age === null ? '' : String(profile.age),
      gender: profile.gender ?? '',
    },
  });
  const { errors, isSubmitting } = formState;

  const [picked, setPicked] = useState<Picked | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  // The preview's object URL lives as long as the choice.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.preview);
    },
    [picked],
  );

  function pick(file: File | undefined) {
    setImageError(null);
    if (!file) {
      setPicked(null);
      return;
    }
    const problem = imageFileProblem(file);
    if (problem) {
      setImageError(problem);
      setPicked(null);
      return;
    }
    setPicked({ file, preview: URL.createObjectURL(file) });
  }

  const onSubmit = handleSubmit(async (values) => {
    if (imageError) return;
    try {
      await updateProfile.mutateAsync(values);
    } catch (error) {
      toast.error(errorMessage(error));
      applyServerErrors(error, setError, formFields);
      return;
    }
    if (picked) {
      setProgress(0);
      try {
        await uploadImage.mutateAsync({ file: picked.file, onProgress: setProgress });
      } catch (error) {
        const message = errorMessage(error);
        setImageError(message);
        toast.error(message);
        return;
      } finally {
        setProgress(null);
      }
    }
    toast.success(profileText.updated);
    onClose();
  });

  const countryCode = profile.country_code || limits.defaultCountryCode;
  const country = profileText.countries[countryCode];

  return (
    <FormDialog
      wide
      title={profileText.editTitle}
      // Escape closes a native dialog whatever we say; an update under way still finishes (and
      // says so in a toast) after the modal is gone.
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={profileText.cancel}
      submitLabel={profileText.update}
      busy={isSubmitting}
      busyLabel={profileText.updating}
      formClassName={`form ${styles.editForm}`}
    >
      <div className={`${upload.imagePicker} ${styles.imagePicker}`}>
        {picked ? (
          <img
            className={`${styles.avatar} ${styles.avatarMedium}`}
            src={picked.preview}
            alt={profileText.imagePreview}
            width={96}
            height={96}
          />
        ) : (
          <Avatar name={profile.name} image={profile.image} size="medium" />
        )}
        <div className="field">
          <label htmlFor={ids.image}>{profileText.image}</label>
          <input
            id={ids.image}
            type="file"
            accept={imageLimits.types.join(',')}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={imageError ? ids.imageError : ids.imageHint}
            disabled={isSubmitting}
            onChange={(event) => pick(event.target.files?.[0])}
          />
          {imageError ? (
            <small id={ids.imageError} className="field-error" role="alert">
              {imageError}
            </small>
          ) : (
            <small id={ids.imageHint} className="field-hint">
              {profileText.imageHint}
            </small>
          )}
        </div>
      </div>
      <UploadProgress progress={progress} label={profileText.uploading} />

      <div className={styles.row}>
        <Field label={profileText.firstName} error={errors.first_name?.message}>
          <input autoComplete="given-name" maxLength={profileLimits.nameMax} {...register('first_name')} />
        </Field>
        <Field label={profileText.lastName} error={errors.last_name?.message}>
          <input autoComplete="family-name" maxLength={profileLimits.nameMax} {...register('last_name')} />
        </Field>
      </div>
      <Field label={profileText.aboutMe} error={errors.about?.message}>
        <textarea rows={4} maxLength={profileLimits.aboutMax} {...register('about')} />
      </Field>
      <Field label={profileText.email} hint={profileText.readOnly}>
        <input type="email" value={profile.email ?? ''} readOnly />
      </Field>
      <div className={styles.row}>
        <Field label={profileText.age} error={errors.age?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={profileLimits.ageMin}
            max={profileLimits.ageMax}
            step={1}
            {...register('age')}
          />
        </Field>
        <Field label={profileText.gender} error={errors.gender?.message}>
          <input maxLength={profileLimits.genderMax} {...register('gender')} />
        </Field>
      </div>
      <div className="field">
        <label htmlFor={ids.mobile}>{profileText.mobile}</label>
        <div className={styles.phone}>
          <span className={styles.countryCode} title={country}>
            {country && <span className={styles.country}>{country}</span>} {countryCode}
          </span>
          <input id={ids.mobile} type="tel" value={profile.phone ?? ''} readOnly aria-describedby={ids.mobileHint} />
        </div>
        <small id={ids.mobileHint} className="field-hint">
          {profileText.countryCodeFixed(country ? `${country} ${countryCode}` : countryCode)}
        </small>
      </div>
    </FormDialog>
  );
}
