import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DISCUSSION_NAME_MAX_LENGTH } from '../../../../../../common/src/api/discussions.constants.ts';
import { discussionPath, draftsPath } from '../../../../app/paths.ts';
import { Button } from '../../../../components/Button.tsx';
import { FormMessage } from '../../../../components/form/FormMessage.tsx';
import { TextField } from '../../../../components/form/TextField.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { t } from '../../../../lib/i18n.ts';
import { useFormErrors } from '../../../../lib/use-form-errors.ts';
import { BodyEditor, isBodyEmpty, type BodyValue } from '../../../editor/components/BodyEditor.tsx';
import type { DiscussionPostInput, DiscussionPostResult } from '../../api/post-discussion.api.ts';
import { TagPicker, type PickedTag } from '../../../tags/components/TagPicker.tsx';
import { CategoryPicker, type CategoryChoice } from './CategoryPicker.tsx';
import styles from './PostForm.module.css';
import {
  DiscussionDraftTools,
  discussionFormElementID,
  useDiscussionFormDraft,
  type DiscussionFormDraft,
} from '../../../drafts/components/DiscussionDraftTools.tsx';
import { HydratedFieldset } from '../../../../components/form/HydratedFieldset.tsx';

/** What the form starts from. */
export interface DiscussionFormValues {
  name: string;
  body: BodyValue;
  categoryID: number | null;
  tags: PickedTag[];
}

export interface DiscussionFormProps {
  title: string;
  initial: DiscussionFormValues;
  categories: readonly CategoryChoice[];
  submitLabel: string;
  /** Shows the tag field (setting `tagging.enabled`). */
  isTaggingEnabled: boolean;
  /** New tag names may be typed (`tags.add`). */
  canCreateTags: boolean;
  /** Sends the form; the page decides between POST and PATCH. */
  onSubmit: (input: DiscussionPostInput) => Promise<DiscussionPostResult>;
  /** A note above the form (the edit countdown). */
  notice?: ReactNode;
  /** Saving is refused before sending (the edit window has passed). */
  isLocked?: boolean;
  bodyPlaceholder?: string;
  /** Issue 16: autosave as a server draft (new discussions), and scheduling. */
  draft?: DiscussionFormDraft;
}

const shownFields = ['name', 'categoryID', 'body', 'format', 'tagIDs', 'newTagNames'] as const;

/**
 * The discussion form shared by the new-post and edit pages: Title, Category, Body, Tags. Server
 * field errors show next to their fields (spec 001 §8.1); a 202 shows the premoderation message;
 * a saved discussion opens.
 */
export function DiscussionForm({
  title,
  initial,
  categories,
  submitLabel,
  isTaggingEnabled,
  canCreateTags,
  onSubmit,
  notice,
  isLocked = false,
  bodyPlaceholder,
  draft,
}: DiscussionFormProps) {
  const [name, setName] = useState(initial.name);
  const [body, setBody] = useState<BodyValue>(initial.body);
  const [categoryID, setCategoryID] = useState<number | null>(initial.categoryID);
  const [tags, setTags] = useState<PickedTag[]>(initial.tags);
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const errors = useFormErrors();
  const navigate = useNavigate();
  const fields = { name, body: body.body, format: body.format, categoryID };
  const autosave = useDiscussionFormDraft(draft, fields, (next) => {
    setName(next.name);
    setBody({ body: next.body, format: next.format });
    setCategoryID(next.categoryID);
  });

  const fieldError = (field: string, message: string) =>
    new ApiError(message, {
      status: 422,
      errors: { [field]: [{ field, code: 'missingField', message, status: 400 }] },
    });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    setPendingMessage(null);
    if (categoryID === null) {
      errors.setError(fieldError('categoryID', t('Select a category.')));
      return;
    }
    if (isBodyEmpty(body)) {
      errors.setError(fieldError('body', t('body is required.')));
      return;
    }
    const input: DiscussionPostInput = {
      name: name.trim(),
      body: body.body,
      format: body.format,
      categoryID,
      ...(autosave?.draftID ? { draftID: autosave.draftID } : {}),
    };
    if (isTaggingEnabled) {
      input.tagIDs = tags.flatMap((tag) => (tag.tagID === null ? [] : [tag.tagID]));
      const newNames = tags.flatMap((tag) => (tag.tagID === null ? [tag.name] : []));
      if (newNames.length > 0) input.newTagNames = newNames;
    }
    setIsSaving(true);
    try {
      const result = await onSubmit(input);
      autosave?.clear();
      if (result.kind === 'pending') {
        setPendingMessage(
          result.message === ''
            ? t('Your discussion will appear after it is approved.')
            : result.message,
        );
        return;
      }
      const { discussion } = result;
      await navigate(
        discussionPath({ discussionID: discussion.discussionID, name: discussion.name }),
      );
    } catch (caught) {
      errors.setError(caught);
    } finally {
      setIsSaving(false);
    }
  };

  const formMessages = errors.formMessages(shownFields);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {notice}
      {pendingMessage === null ? null : <FormMessage type="success">{pendingMessage}</FormMessage>}
      {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
      <form
        id={draft ? discussionFormElementID : undefined}
        className={styles.form}
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
      >
        <HydratedFieldset>
          <TextField
            label={t('Title')}
            name="name"
            required
            maxLength={DISCUSSION_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            errors={errors.fieldErrors('name')}
          />
          <CategoryPicker
            categories={categories}
            value={categoryID}
            onChange={setCategoryID}
            errors={errors.fieldErrors('categoryID')}
          />
          <BodyEditor
            label={t('Body')}
            value={body}
            onChange={setBody}
            placeholder={bodyPlaceholder}
            errors={errors.fieldErrors('body', 'format')}
          />
          {isTaggingEnabled ? (
            <TagPicker
              value={tags}
              onChange={setTags}
              canCreate={canCreateTags}
              errors={errors.fieldErrors('tagIDs', 'newTagNames')}
            />
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" isLoading={isSaving} disabled={isLocked}>
              {submitLabel}
            </Button>
          </div>
        </HydratedFieldset>
      </form>
      {/* Outside the form: scheduling has a form of its own. */}
      {draft && autosave ? (
        <DiscussionDraftTools
          autosave={autosave}
          fields={fields}
          recordID={draft.recordID}
          onScheduled={() => void navigate(draftsPath({ draftStatus: 'scheduled' }))}
        />
      ) : null}
    </div>
  );
}
