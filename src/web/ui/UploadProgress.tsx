// The upload's progress under a form while a file is sent ('Uploading… 40%'); nothing otherwise.
import styles from './upload.module.css';

/** `progress` is the fraction sent so far, or null when nothing is being sent. */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.progress} role="status">
      <progress max={100} value={percent} aria-label={label} />
      <span>
        {label}… {percent}%
      </span>
    </div>
  );
}
