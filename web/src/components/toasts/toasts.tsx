import { textColorOn } from '@portal/rules';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { createRequiredContext } from '@/lib/required-context';

/** The spec's default time a notification stays up. */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

export type ToastVariant = 'positive' | 'negative' | 'info';

export interface ToastOptions {
  variant?: ToastVariant;
  /** How long it stays, in ms. */
  timeout?: number;
  /** A colour (e.g. a notification template's) that replaces the variant's; the text turns black or white to suit. */
  background?: string;
}

/** Shows a message at the top of the page. */
export type Notify = (message: ReactNode, options?: ToastOptions) => void;

interface ShownToast {
  id: number;
  message: ReactNode;
  variant: ToastVariant;
  background?: string;
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  positive: 'text-bg-success',
  negative: 'text-bg-danger',
  info: 'text-bg-info',
};

export const [NotifyContext, useNotify] = createRequiredContext<Notify>('useNotify', 'ToastProvider');

/** Provides `useNotify()` and shows its toasts, newest last, above everything including dialogs. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);

  const notify = useCallback<Notify>(
    (message, { variant = 'info', timeout = DEFAULT_TOAST_TIMEOUT_MS, background } = {}) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((shown) => [...shown, { id, message, variant, background }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, timeout);
      timers.current.add(timer);
    },
    [dismiss],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/* Bootstrap's toast markup: react-bootstrap's Toast would bring its transition code to every first load. On a
          phone the stack sits compact at the bottom (portal-toasts, styles/theme.css). */}
      <div className="toast-container portal-toasts position-fixed top-0 start-50 translate-middle-x p-3">
        {toasts.map(({ id, message, variant, background }) => (
          <div
            key={id}
            role="alert"
            aria-live="assertive"
            aria-atomic="true"
            className={background ? 'toast show' : `toast show ${VARIANT_CLASSES[variant]}`}
            style={background ? { backgroundColor: background, color: textColorOn(background) } : undefined}
          >
            <div className="d-flex align-items-start">
              <div className="toast-body flex-grow-1">{message}</div>
              <button type="button" className="btn-close me-2 mt-2" aria-label="Close" onClick={() => dismiss(id)} />
            </div>
          </div>
        ))}
      </div>
    </NotifyContext.Provider>
  );
}
