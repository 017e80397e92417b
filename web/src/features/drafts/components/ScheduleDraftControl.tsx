import { useId, useState, type FormEvent } from 'react';
import type { CreateDraftInput, Draft } from '../../../../../common/src/api/drafts.ts';
import { Button } from '../../../components/Button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { createDraft, patchDraft } from '../api/drafts.api.ts';
import styles from './ScheduleDraftControl.module.css';

export interface ScheduleDraftControlProps {
  /** The post as a draft, built when the member schedules it. */
  draftInput: () => CreateDraftInput;
  /** The autosaved draft, when there is one. */
  draftID: number | null;
  onScheduled: (draft: Draft) => void;
}

/** A `datetime-local` value (the browser's time zone) as an ISO date; empty or invalid: null. */
export function localInputToIso(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Schedule a post (api-contract §23; `schedule.allow` and the DraftScheduling flag): a date and
 * time in the browser's time zone; the server checks the window and the required fields and says
 * why it refuses, next to the date or above the form.
 */
export function ScheduleDraftControl({ draftInput, draftID, onScheduled }: ScheduleDraftControlProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const inputID = useId();
  const errorID = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const dateScheduled = localInputToIso(when);
    if (dateScheduled === null) {
      setError(new ApiError(t('Choose a date and time.'), { status: 400 }));
      return;
    }
    setIsSaving(true);
    try {
      const input = draftInput();
      const draft =
        draftID === null
          ? await createDraft({ ...input, draftStatus: 'scheduled', dateScheduled })
          : await patchDraft(draftID, { ...input, draftStatus: 'scheduled', dateScheduled });
      onScheduled(draft);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(t('Something has gone wrong.'), { status: 0 }));
    } finally {
      setIsSaving(false);
    }
  };

  if (!isOpen) {
    return (
      <Button type="button" onClick={() => setIsOpen(true)}>
        {t('Schedule…')}
      </Button>
    );
  }
  const messages = error === null ? [] : Object.values(error.errors).flat().map((item) => item.message);
  const shown = error === null ? [] : messages.length > 0 ? messages : [error.description ?? error.message];
  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} aria-label={t('Schedule')} noValidate>
      <label htmlFor={inputID} className={styles.label}>
        {t('Publish on')}
      </label>
      <input
        id={inputID}
        type="datetime-local"
        className={styles.input}
        value={when}
        onChange={(event) => setWhen(event.target.value)}
        aria-describedby={shown.length > 0 ? errorID : undefined}
        aria-invalid={shown.length > 0}
      />
      <Button type="submit" variant="primary" isLoading={isSaving}>
        {t('Schedule')}
      </Button>
      <Button type="button" onClick={() => setIsOpen(false)}>
        {t('Cancel')}
      </Button>
      {shown.length > 0 ? (
        <p id={errorID} role="alert" className={styles.error}>
          {shown.join(' ')}
        </p>
      ) : null}
    </form>
  );
}
