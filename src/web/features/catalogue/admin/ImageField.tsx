// An image file input as the catalogue forms have it: checked in the browser the way the server
// checks it (JPEG, PNG or WebP, at most 5 MB; the server checks the content again) and previewed
// before it is sent; on edit the current image shows until another is chosen.
import { useEffect, useId, useMemo } from 'react';
import { imageLimits } from '../../../../contract/common.js';
import { adminCatalogueText as t } from '../../../../contract/messages.js';
import { imageFileProblem } from '../../../../contract/profile.js';
import { imageUrl } from '../../../lib/images.js';
import upload from '../../../ui/upload.module.css';
import styles from './catalogue.module.css';

export interface PickedImage {
  file?: File;
  error?: string;
}

interface ImageFieldProps {
  label: string;
  value: PickedImage;
  onChange(value: PickedImage): void;
  hint?: string;
  /** The image stored now (edit). */
  current?: string | null;
  disabled?: boolean;
}

export function ImageField({ label, value, onChange, hint = t.imageHint, current, disabled }: ImageFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  // The preview's object URL lives as long as the choice.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? imageUrl(current);

  const pick = (file: File | undefined) => {
    if (!file) return onChange({});
    const problem = imageFileProblem(file);
    onChange(problem ? { error: problem } : { file });
  };

  return (
    <div className={`${upload.imagePicker} ${styles.imageField}`}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="file"
          accept={imageLimits.types.join(',')}
          disabled={disabled}
          aria-invalid={value.error ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => pick(event.target.files?.[0])}
        />
        {value.error ? (
          <small id={messageId} className="field-error" role="alert">
            {value.error}
          </small>
        ) : (
          <small id={messageId} className="field-hint">
            {hint}
          </small>
        )}
      </div>
      {shown && (
        <img
          className={styles.preview}
          src={shown}
          alt={preview ? t.preview(label) : t.currentImage}
          width={96}
          height={96}
        />
      )}
    </div>
  );
}
