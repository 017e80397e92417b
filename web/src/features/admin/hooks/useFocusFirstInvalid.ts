import { useEffect, type RefObject } from 'react';

/**
 * After a failed save, moves focus to the form's first invalid field (its error is read out
 * through aria-describedby), so long forms never hide the error off screen.
 */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  error: unknown,
): void {
  useEffect(() => {
    if (error === null || error === undefined) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, error]);
}
