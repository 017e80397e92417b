import { useCallback, useState } from 'react';
import { ApiError } from './api.ts';
import { t } from './i18n.ts';

export interface FormErrors {
  error: ApiError | null;
  setError: (error: unknown) => void;
  clear: () => void;
  /** Messages for a field (several API field names may map to one input). */
  fieldErrors: (...fields: string[]) => string[];
  /**
   * The form-level message: the error's message when none of its field errors belongs to a shown
   * field, plus the messages of field errors that no input shows.
   */
  formMessages: (shownFields: readonly string[]) => string[];
}

/** Keeps a form's last API error and splits it into per-field and form-level messages (spec 001 §8.1). */
export function useFormErrors(): FormErrors {
  const [error, setErrorState] = useState<ApiError | null>(null);
  const setError = useCallback((value: unknown) => {
    if (value === null || value === undefined) {
      setErrorState(null);
    } else if (value instanceof ApiError) {
      setErrorState(value);
    } else {
      setErrorState(new ApiError(t('Something went wrong.'), { status: 0 }));
    }
  }, []);
  const clear = useCallback(() => setErrorState(null), []);
  const fieldErrors = useCallback(
    (...fields: string[]) =>
      error === null ? [] : fields.flatMap((field) => error.fieldMessages(field)),
    [error],
  );
  const formMessages = useCallback(
    (shownFields: readonly string[]) => {
      if (error === null) {
        return [];
      }
      const unshown = Object.entries(error.errors)
        .filter(([field]) => !shownFields.includes(field))
        .flatMap(([, items]) => items.map((item) => item.message));
      const hasShownFieldError = Object.keys(error.errors).some((field) =>
        shownFields.includes(field),
      );
      const messages = hasShownFieldError
        ? unshown
        : [error.message, ...unshown.filter((message) => message !== error.message)];
      return [...new Set(messages)];
    },
    [error],
  );
  return { error, setError, clear, fieldErrors, formMessages };
}
