// Toasts and alerts as the specs time them (1000, 5000 and 9000 ms). An alert of the old app is
// a toast here, with the same text. role=status/alert lets screen readers hear them. They appear
// just under the page's header, never over its account menu.
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
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

/**
 * The bottom edge of the page's header (the first <header>: the site's or the back-office's, both
 * sticky at the top), followed while toasts show: its height changes with the width, the page
 * (a phone gives the location a row of its own) and the layout.
 */
function useHeaderBottom(showing: boolean): number {
  const [bottom, setBottom] = useState(0);
  useLayoutEffect(() => {
    if (!showing) return;
    let header: Element | null = null;
    const observer = new ResizeObserver(() => measure());
    function measure() {
      const current = document.querySelector('header');
      if (current !== header) {
        if (header) observer.unobserve(header);
        header = current;
        if (header) observer.observe(header);
      }
      setBottom(Math.max(0, header?.getBoundingClientRect().bottom ?? 0));
    }
    measure();
    return () => observer.disconnect();
  }, [showing]);
  return bottom;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const headerBottom = useHeaderBottom(toasts.length > 0);
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
      <div className={styles.stack} style={{ top: `calc(${headerBottom}px + 0.75rem)` }}>
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
