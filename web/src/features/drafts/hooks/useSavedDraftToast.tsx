import { useCallback } from 'react';
import { layoutSizes } from '../../../../../common/src/constants.ts';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import styles from '../components/SavedDraftToast.module.css';

/** Scrolls to the editor, leaving the spec's 150 px above it (spec 001 §9 draft toast offset). */
function scrollToEditor(elementID: string): void {
  const element = document.getElementById(elementID);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - layoutSizes.draftToastScrollOffset;
  window.scrollTo?.({ top, behavior: 'smooth' });
  element.querySelector<HTMLElement>('[contenteditable="true"], textarea')?.focus();
}

/**
 * The draft toast (spec 001 §8.2 "Saved draft"): 'Saved Draft Available.' with 'Navigate to
 * Draft', which scrolls to the editor holding the restored text.
 */
export function useSavedDraftToast(elementID: string): () => void {
  const { addToast, removeToast } = useToasts();
  return useCallback(() => {
    const toastID = `draft-${elementID}`;
    addToast({
      toastID,
      dismissible: true,
      autoDismiss: true,
      autoDismissDuration: 8000,
      body: (
        <span className={styles.body}>
          {t('Saved Draft Available.')}{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              scrollToEditor(elementID);
              removeToast(toastID);
            }}
          >
            {t('Navigate to Draft')}
          </button>
        </span>
      ),
    });
  }, [addToast, removeToast, elementID]);
}
