import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { overlayLimits } from '../../../common/src/constants.ts';
import { ApiError } from '../lib/api.ts';
import { t } from '../lib/i18n.ts';

/** What a caller passes to show a toast (spec 000 §3 "Toast"). */
export interface ToastOptions {
  /** Reusing an ID replaces that toast instead of adding a second one. */
  toastID?: string;
  body: ReactNode;
  dismissible?: boolean;
  /** A persistent toast never dismisses itself (e.g. the unconfirmed e-mail toast). */
  persistent?: boolean;
  autoDismiss?: boolean;
  /** Milliseconds before an auto-dismissing toast closes (default 3000). */
  autoDismissDuration?: number;
  wide?: boolean;
  className?: string;
}

/** A toast in the list: `visibility` turns false when it closes, 2 s before it is deleted. */
export interface ToastItem extends ToastOptions {
  toastID: string;
  visibility: boolean;
}

interface ToastContextValue {
  toasts: readonly ToastItem[];
  addToast: (options: ToastOptions) => string;
  updateToast: (toastID: string, options: Partial<ToastOptions>) => void;
  removeToast: (toastID: string) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

let nextToastNumber = 1;

export interface ToastProviderProps {
  children: ReactNode;
}

/**
 * Holds the page's toasts (spec 000 §4): added, then hidden and deleted 2 s later; auto-dismissing
 * toasts close after their duration (default 3000 ms).
 */
export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>[]>());

  const schedule = useCallback((toastID: string, delay: number, action: () => void) => {
    const timer = setTimeout(action, delay);
    timers.current.set(toastID, [...(timers.current.get(toastID) ?? []), timer]);
  }, []);

  const clearTimers = useCallback((toastID: string) => {
    for (const timer of timers.current.get(toastID) ?? []) {
      clearTimeout(timer);
    }
    timers.current.delete(toastID);
  }, []);

  const removeToast = useCallback(
    (toastID: string) => {
      clearTimers(toastID);
      setToasts((current) =>
        current.map((toast) =>
          toast.toastID === toastID ? { ...toast, visibility: false } : toast,
        ),
      );
      schedule(toastID, overlayLimits.toastRemovalDelayMs, () => {
        timers.current.delete(toastID);
        setToasts((current) =>
          current.filter((toast) => toast.toastID !== toastID || toast.visibility),
        );
      });
    },
    [clearTimers, schedule],
  );

  const startAutoDismiss = useCallback(
    (toast: ToastItem) => {
      if (toast.autoDismiss === true && toast.persistent !== true) {
        schedule(toast.toastID, toast.autoDismissDuration ?? overlayLimits.toastAutoDismissMs, () =>
          removeToast(toast.toastID),
        );
      }
    },
    [removeToast, schedule],
  );

  const addToast = useCallback(
    (options: ToastOptions) => {
      const toastID = options.toastID ?? `toast-${nextToastNumber++}`;
      const toast: ToastItem = { dismissible: true, ...options, toastID, visibility: true };
      clearTimers(toastID);
      setToasts((current) => [...current.filter((item) => item.toastID !== toastID), toast]);
      startAutoDismiss(toast);
      return toastID;
    },
    [clearTimers, startAutoDismiss],
  );

  const updateToast = useCallback((toastID: string, options: Partial<ToastOptions>) => {
    setToasts((current) =>
      current.map((toast) =>
        toast.toastID === toastID ? { ...toast, ...options, toastID } : toast,
      ),
    );
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const list of pending.values()) {
        for (const timer of list) {
          clearTimeout(timer);
        }
      }
      pending.clear();
    };
  }, []);

  const value = useMemo(
    () => ({ toasts, addToast, updateToast, removeToast }),
    [toasts, addToast, updateToast, removeToast],
  );
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

/** The toast list and its actions; needs `<ToastProvider>`. */
export function useToasts(): ToastContextValue {
  const context = useContext(ToastContext);
  if (context === null) {
    throw new Error('useToasts() needs <ToastProvider>.');
  }
  return context;
}

/**
 * Shows an error as a dismissible toast (spec 001 §8.2 default 'Something has gone wrong.'); an
 * API error shows its description, else its message.
 */
export function useErrorToast(): (error?: unknown) => string {
  const { addToast } = useToasts();
  return useCallback(
    (error?: unknown) => {
      const body =
        error instanceof ApiError
          ? (error.description ?? error.message)
          : t('Something has gone wrong.');
      return addToast({ body, dismissible: true });
    },
    [addToast],
  );
}
