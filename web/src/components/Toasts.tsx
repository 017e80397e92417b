import { t } from '../lib/i18n.ts';
import { useToasts } from './toast-context.tsx';
import styles from './Toasts.module.css';
import { CloseIcon } from './CloseIcon.tsx';

/** The live region where toasts appear, bottom left (bottom, full width on small screens). */
export function Toasts() {
  const { toasts, removeToast } = useToasts();
  return (
    <div className={styles.region} aria-live="polite" aria-relevant="additions text">
      {toasts.map((toast) => (
        <div
          key={toast.toastID}
          role="status"
          className={[
            styles.toast,
            toast.wide === true ? styles.wide : null,
            toast.visibility ? null : styles.hidden,
            toast.className,
          ]
            .filter(Boolean)
            .join(' ')}
          aria-hidden={toast.visibility ? undefined : true}
          inert={!toast.visibility}
        >
          <div className={styles.body}>{toast.body}</div>
          {toast.dismissible === false ? null : (
            <button
              type="button"
              className={styles.dismiss}
              aria-label={t('Dismiss')}
              onClick={() => removeToast(toast.toastID)}
            >
              <CloseIcon size={14} />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
