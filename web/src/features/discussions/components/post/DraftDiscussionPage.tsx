import { useParams } from 'react-router';
import { NotFoundPage } from '../../../../app/errors/ErrorPage.tsx';
import { t } from '../../../../lib/i18n.ts';
import { useCurrentUser } from '../../../../lib/session.ts';
import { EditDiscussionPage } from './EditDiscussionPage.tsx';
import { PostDiscussionForm, SignInRedirect } from './PostDiscussionPage.tsx';

/**
 * `/post/editdiscussion/{recordID}/{draftID}` (spec 000 §2): recordID 0 opens a new discussion's
 * server draft in the post form (issue 16); another recordID edits that discussion.
 */
export function DraftDiscussionPage() {
  const { discussionID, draftID } = useParams();
  const user = useCurrentUser();
  const title = t('New Discussion');
  if (!/^\d+$/.test(draftID ?? '') || !/^\d+$/.test(discussionID ?? '')) return <NotFoundPage />;
  if (discussionID !== '0') return <EditDiscussionPage />;
  if (user.userID === 0) return <SignInRedirect title={title} />;
  return <PostDiscussionForm postType="discussion" title={title} categoryID={null} draftID={Number(draftID)} />;
}
