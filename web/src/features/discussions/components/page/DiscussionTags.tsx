import { useQuery } from '@tanstack/react-query';
import { tagDiscussionsPath } from '../../../../app/paths.ts';
import { t } from '../../../../lib/i18n.ts';
import { fetchDiscussionByID } from '../../api/discussions.api.ts';
import { discussionPageKeys } from '../../api/discussion-actions.queries.ts';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import type { TagFragment } from '../../../../../../common/src/api/tags.ts';
import styles from './DiscussionTags.module.css';
import { AppLink } from '../../../../components/AppLink.tsx';

export interface DiscussionTagsProps {
  tags: readonly TagFragment[];
  /** When given, the list follows the page's discussion (the Tag modal changes it). */
  discussionID?: number | undefined;
}

/** The discussion's user tags (spec 000 §2 post assets), each linking to its discussions. */
export function DiscussionTags({ tags: initialTags, discussionID }: DiscussionTagsProps) {
  const live = useQuery<Discussion>({
    queryKey: discussionPageKeys.detail(discussionID ?? 0),
    // Only follows the record the page's other widgets load and update; never fetches itself.
    queryFn: () => fetchDiscussionByID(discussionID ?? 0, ['all']),
    enabled: false,
  });
  const tags = (discussionID === undefined ? undefined : live.data?.tags) ?? initialTags;
  const userTags = tags.filter((tag) => (tag.type ?? 'User') === 'User');
  if (userTags.length === 0) return null;
  return (
    <nav className={styles.tags} aria-label={t('Tags')}>
      <ul className={styles.list}>
        {userTags.map((tag) => (
          <li key={tag.tagID}>
            <AppLink className={styles.tag} to={tagDiscussionsPath(tag)}>
              {tag.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
