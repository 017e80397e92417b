import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useEntryLinks } from '../../../../app/entry-links.ts';
import {
  ErrorPageForError,
  NotFoundPage,
  PermissionErrorPage,
} from '../../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../../app/page-meta.tsx';
import { buttonClassName } from '../../../../components/Button.tsx';
import { Loader } from '../../../../components/Loader.tsx';
import { SmartLink } from '../../../../components/SmartLink.tsx';
import { useConfigValue } from '../../../../lib/bootstrap.ts';
import { t } from '../../../../lib/i18n.ts';
import { isInternalLink } from '../../../../lib/safe-url.ts';
import { useCurrentUser, usePermission } from '../../../../lib/session.ts';
import { emptyBody } from '../../../editor/components/BodyEditor.tsx';
import { DiscussionForm } from './DiscussionForm.tsx';
import {
  useCategoryQuery,
  usePostableCategoriesQuery,
  usePostDiscussionMutation,
} from '../../api/post-discussion.queries.ts';
import styles from './PostForm.module.css';

const postTypes = ['discussion', 'question'] as const;

type PostType = (typeof postTypes)[number];

function isPostType(value: string | undefined): value is PostType {
  return (postTypes as readonly (string | undefined)[]).includes(value);
}

/** Guests go to the sign-in page, which brings them back here (spec 000 §2 target). */
export function SignInRedirect({ title }: { title: string }) {
  const { signIn } = useEntryLinks();
  const link = signIn();
  const navigate = useNavigate();
  usePageMeta({ title });
  useEffect(() => {
    if (isInternalLink(link)) {
      void navigate(link, { replace: true });
    } else {
      window.location.assign(link);
    }
  }, [link, navigate]);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p>{t('Sign in to start a discussion.')}</p>
      <div>
        <SmartLink to={link} className={buttonClassName('primary')}>
          {t('Sign In')}
        </SmartLink>
      </div>
    </div>
  );
}

/**
 * `/post/{postType}` and `/post/{postType}/{categoryID}` (spec 000 §2): the new discussion (or
 * question) form. Without a category the picker offers every category the user may post in.
 */
export function PostDiscussionPage() {
  const { postType, categoryID: categoryParam } = useParams();
  const user = useCurrentUser();
  const title = postType === 'question' ? t('Ask a Question') : t('New Discussion');
  if (!isPostType(postType) || (categoryParam !== undefined && !/^\d+$/.test(categoryParam))) {
    return <NotFoundPage />;
  }
  if (user.userID === 0) {
    return <SignInRedirect title={title} />;
  }
  return (
    <PostDiscussionForm
      postType={postType}
      title={title}
      categoryID={categoryParam === undefined ? null : Number(categoryParam)}
    />
  );
}

/** The new-post form of a post type, optionally opening a server draft (issue 16). */
export function PostDiscussionForm({
  postType,
  title,
  categoryID,
  draftID,
}: {
  postType: PostType;
  title: string;
  categoryID: number | null;
  /** A server draft to open (issue 16). */
  draftID?: number;
}) {
  usePageMeta({ title });
  const isTaggingEnabled = useConfigValue('tagging.enabled', true);
  const canCreateTags = usePermission('tags.add');
  const categories = usePostableCategoriesQuery(true);
  const { mutateAsync: post } = usePostDiscussionMutation(postType);
  const list = categories.data ?? [];
  const postable =
    postType === 'question'
      ? list.filter((category) => category.allowedDiscussionTypes.includes('question'))
      : list;
  const isListed = categoryID === null || postable.some((c) => c.categoryID === categoryID);
  // A category that is not offered: missing (404) or not open to this user (403)?
  const category = useCategoryQuery(categoryID ?? 0, categories.isSuccess && !isListed);

  if (categories.isPending) {
    return (
      <div className={styles.page}>
        <Loader />
      </div>
    );
  }
  if (categories.isError) {
    return <ErrorPageForError error={categories.error} />;
  }
  if (!isListed) {
    if (category.isPending) {
      return (
        <div className={styles.page}>
          <Loader />
        </div>
      );
    }
    if (category.isError) {
      return <ErrorPageForError error={category.error} recordType="Category" />;
    }
    return <PermissionErrorPage />;
  }
  if (postable.length === 0) {
    return <PermissionErrorPage />;
  }
  return (
    <DiscussionForm
      title={title}
      submitLabel={postType === 'question' ? t('Post Question') : t('Post Discussion')}
      initial={{ name: '', body: emptyBody(), categoryID, tags: [] }}
      categories={postable}
      isTaggingEnabled={isTaggingEnabled}
      canCreateTags={canCreateTags}
      onSubmit={post}
      // Issue 16: a new discussion is autosaved as a draft (questions are not: drafts publish discussions).
      {...(postType === 'discussion'
        ? {
            draft: {
              storageKey: draftID === undefined ? `discussion:new:${categoryID ?? 'any'}` : `discussion:draft:${draftID}`,
              draftID,
            },
          }
        : {})}
    />
  );
}
