// Toasts and alerts as the specs time them (1000, 5000 and 9000 ms). An alert of the old app is
// a toast here, with the same text. role=status/alert lets screen readers hear them.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import styles from './toast.module.css';

export type ToastKind = 'success' | 'error' | 'info';
export const toastDurations = { short: 1000, normal: 5000, long: 9000 } as const;

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastApi {
  show(message: string, kind?: ToastKind, duration?: number): void;
  success(message: string, duration?: number): void;
  error(message: string, duration?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((message: string, kind: ToastKind = 'info', duration: number = toastDurations.normal) => {
    const id = nextId++;
    setToasts((list) => [...list.slice(-3), { id, kind, message }]);
    window.setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), duration);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, duration) => show(message, 'success', duration),
      error: (message, duration) => show(message, 'error', duration),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.stack}>
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            className={`${styles.toast} ${styles[t.kind]}`}
          >
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
