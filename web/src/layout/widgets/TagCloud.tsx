import type { Tag } from '../../../../common/src/api/tags.ts';
import { tagDiscussionsPath } from '../../app/paths.ts';
import { t } from '../../lib/i18n.ts';
import styles from './Widgets.module.css';
import { AppLink } from '../../components/AppLink.tsx';

export interface TagCloudProps {
  title?: string | null;
  tags?: Tag[];
}

/** Popular tags, each linking to the discussions carrying it (spec 000 §2 tag links). */
export function TagCloud({ title = null, tags = [] }: TagCloudProps) {
  if (tags.length === 0) {
    return null;
  }
  const heading = title === null ? t('Popular Tags') : t(title);
  return (
    <section className={styles.box} aria-label={heading}>
      <h2 className={styles.boxTitle}>{heading}</h2>
      <ul className={styles.tags}>
        {tags.map((tag) => (
          <li key={tag.tagID}>
            <AppLink to={tagDiscussionsPath(tag)} className={styles.tag}>
              {tag.name}
              <span
                className={styles.tagCount}
                aria-label={t('{count} discussions', { count: tag.countDiscussions })}
              >
                {tag.countDiscussions}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
