// The edit and delete icon buttons of the admin tables ('delete and edit icons'),
// each named for the row it acts on (a screen reader hears "Delete Cleaning", not "button").
import type { ReactNode } from 'react';
import styles from './listing.module.css';

function IconButton({
  label,
  onClick,
  danger,
  children,
}: {
  label: string;
  onClick(): void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${danger ? styles.danger : ''}`}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    </button>
  );
}

export function EditButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <IconButton label={label} onClick={onClick}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </IconButton>
  );
}

export function DeleteButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <IconButton label={label} onClick={onClick} danger>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </IconButton>
  );
}

export function RowIcons({ children }: { children: ReactNode }) {
  return <div className={styles.rowIcons}>{children}</div>;
}
