// Toasts and alerts, shown for 1000, 5000 or 9000 ms. An alert of the old app is
// a toast here, with the same text. role=status/alert lets screen readers hear them. They appear
// just under the page's header, never over its account menu. A toast may carry one action (Undo):
// a real button, and the toast stays while the pointer is on it or the button has the focus.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import styles from './toast.module.css';

export type ToastKind = 'success' | 'error' | 'info';
export const toastDurations = { short: 1000, normal: 5000, long: 9000 } as const;

/** A button in the toast; a click runs it and closes the toast. */
export interface ToastAction {
  label: string;
  onClick(): void;
}

interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
  action?: ToastAction;
}

interface ToastApi {
  show(message: string, kind?: ToastKind, duration?: number, action?: ToastAction): void;
  success(message: string, duration?: number, action?: ToastAction): void;
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
  const show = useCallback(
    (message: string, kind: ToastKind = 'info', duration: number = toastDurations.normal, action?: ToastAction) => {
      const id = nextId++;
      // A success ends the failures before it (a wrong code, then the right one): their toasts go.
      setToasts((list) => [
        ...(kind === 'success' ? list.filter((t) => t.kind !== 'error') : list).slice(-3),
        { id, kind, message, duration, ...(action ? { action } : {}) },
      ]);
    },
    [],
  );
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, duration, action) => show(message, 'success', duration, action),
      error: (message, duration) => show(message, 'error', duration),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Placed once measured: a page drawn on the server carries no style attribute (CSP). */}
      <div className={styles.stack} style={headerBottom ? { top: `calc(${headerBottom}px + 0.75rem)` } : undefined}>
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** One toast: it leaves after its duration, counted again once the pointer and the focus have left it. */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [held, toast.id, toast.duration, onDismiss]);
  const { action } = toast;
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={`${styles.toast} ${styles[toast.kind]} ${action ? styles.withAction : ''}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span>{toast.message}</span>
      {action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            action.onClick();
            onDismiss(toast.id);
          }}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
