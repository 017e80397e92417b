import { useParams } from 'react-router';
import type { Category } from '../../../../../../common/src/api/categories.ts';
import type { Discussion, DiscussionEdit } from '../../../../../../common/src/api/discussions.ts';
import { USER_TAG_TYPE } from '../../../../../../common/src/api/tags.constants.ts';
import { ErrorPageForError, NotFoundPage } from '../../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../../app/page-meta.tsx';
import { FormMessage } from '../../../../components/form/FormMessage.tsx';
import { Loader } from '../../../../components/Loader.tsx';
import { useConfigValue } from '../../../../lib/bootstrap.ts';
import { t } from '../../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../../lib/session.ts';
import type { CategoryChoice } from './CategoryPicker.tsx';
import { DiscussionForm } from './DiscussionForm.tsx';
import { editTimeLabel, useEditSecondsLeft } from './edit-time.ts';
import {
  useDiscussionEditQuery,
  useDiscussionForEditQuery,
  usePatchDiscussionPostMutation,
  usePostableCategoriesQuery,
} from '../../api/post-discussion.queries.ts';
import { SignInRedirect } from './PostDiscussionPage.tsx';
import styles from './PostForm.module.css';

/**
 * `/post/editdiscussion/{discussionID}` (spec 000 §2): the same form, loaded from
 * `GET /discussions/{id}/edit` (raw body and format), saved with PATCH. Authors see how long they
 * may still edit (spec 000 §6 `ui.editContentTimeout`); moderators have no limit.
 */
export function EditDiscussionPage() {
  const { discussionID: param, draftID } = useParams();
  const user = useCurrentUser();
  if (param === undefined || !/^\d+$/.test(param) || Number(param) === 0) {
    return <NotFoundPage type="Discussion" />;
  }
  if (user.userID === 0) {
    return <SignInRedirect title={t('Edit Discussion')} />;
  }
  return (
    <EditDiscussionLoader
      discussionID={Number(param)}
      draftID={draftID !== undefined && /^\d+$/.test(draftID) ? Number(draftID) : undefined}
    />
  );
}

function EditDiscussionLoader({ discussionID, draftID }: { discussionID: number; draftID: number | undefined }) {
  usePageMeta({ title: t('Edit Discussion') });
  const edit = useDiscussionEditQuery(discussionID, true);
  const discussion = useDiscussionForEditQuery(discussionID, edit.isSuccess);
  const categories = usePostableCategoriesQuery(edit.isSuccess);

  if (edit.isError) return <ErrorPageForError error={edit.error} recordType="Discussion" />;
  if (discussion.isError) {
    return <ErrorPageForError error={discussion.error} recordType="Discussion" />;
  }
  if (categories.isError) return <ErrorPageForError error={categories.error} />;
  if (edit.data === undefined || discussion.data === undefined || categories.data === undefined) {
    return (
      <div className={styles.page}>
        <Loader />
      </div>
    );
  }
  return (
    <EditDiscussionForm
      edit={edit.data}
      discussion={discussion.data}
      categories={categories.data}
      draftID={draftID}
    />
  );
}

function EditDiscussionForm({
  edit,
  discussion,
  categories,
  draftID,
}: {
  edit: DiscussionEdit;
  discussion: Discussion;
  categories: readonly Category[];
  /** A saved draft of this edit to open (`/post/editdiscussion/{id}/{draftID}`, issue 16). */
  draftID: number | undefined;
}) {
  const user = useCurrentUser();
  const isTaggingEnabled = useConfigValue('tagging.enabled', true);
  const timeout = useConfigValue('ui.editContentTimeout', 3600);
  const canCreateTags = usePermission('tags.add');
  const { mutateAsync: save } = usePatchDiscussionPostMutation(discussion.discussionID);
  const isModerator = usePermission(['community.moderate', 'discussions.edit']);
  // spec 000 §6: moderators edit with no time limit; so does anyone editing another's post.
  const isUnlimited = isModerator || discussion.insertUserID !== user.userID;
  const secondsLeft = useEditSecondsLeft(discussion.dateInserted, timeout, isUnlimited);
  const isExpired = secondsLeft !== null && secondsLeft <= 0;

  // The post's own category stays selectable even if it no longer takes new posts.
  const choices: readonly CategoryChoice[] = categories.some(
    (category) => category.categoryID === edit.categoryID,
  )
    ? categories
    : [
        {
          categoryID: edit.categoryID,
          name: discussion.category?.name ?? t('Current category'),
          depth: Math.min(1, ...categories.map((category) => category.depth)),
        },
        ...categories,
      ];
  const tags = (discussion.tags ?? [])
    .filter((tag) => tag.type === USER_TAG_TYPE)
    .map((tag) => ({ tagID: tag.tagID, name: tag.name }));

  const notice =
    secondsLeft === null ? null : isExpired ? (
      <FormMessage type="error">{t('Editing discussions is not allowed.')}</FormMessage>
    ) : (
      <p className={styles.countdown} role="timer" aria-live="off">
        {editTimeLabel(secondsLeft)}
      </p>
    );

  return (
    <DiscussionForm
      title={t('Edit Discussion')}
      submitLabel={t('Save')}
      initial={{
        name: edit.name,
        body: { body: edit.body, format: edit.format.toLowerCase() },
        categoryID: edit.categoryID,
        tags,
      }}
      categories={choices}
      isTaggingEnabled={isTaggingEnabled}
      canCreateTags={canCreateTags}
      notice={notice}
      isLocked={isExpired}
      onSubmit={save}
      // Issue 16: the edit is autosaved as a draft that updates this discussion.
      draft={{ storageKey: `discussion:edit:${discussion.discussionID}`, draftID, recordID: discussion.discussionID }}
    />
  );
}
