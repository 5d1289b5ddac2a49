// A modal on the native <dialog> element: focus trap, Escape and backdrop come with the platform.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { text } from '../../contract/messages.js';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /**
   * Escape, × and a click on the backdrop call this instead of closing: the dialog stays open until
   * its owner closes it (a form with something typed asks first).
   */
  onDismiss?(): void;
}

export function Dialog({ open, title, onClose, children, footer, wide, onDismiss }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Dialogs can stack (a message dialog over the provider dialog): ids must stay unique.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${wide ? styles.wide : ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        if (!onDismiss) return;
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (event.target === ref.current) (onDismiss ?? onClose)();
      }}
    >
      {open && (
        <div className={styles.body}>
          <header className={styles.header}>
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={styles.close} onClick={onDismiss ?? onClose} aria-label={text.close}>
              ×
            </button>
          </header>
          <div className={styles.content}>{children}</div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
