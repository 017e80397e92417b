import type { Category, CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import {
  defaultCategoryItemOptions,
  type CategoryItemOptions,
} from '../../../../../common/src/api/layouts.lookup.ts';
import { profilePath } from '../../../app/paths.ts';
import { DateTime } from '../../../components/DateTime.tsx';
import { t } from '../../../lib/i18n.ts';
import { abbreviateCount } from '../../../layout/format-count.ts';
import { toSitePath } from '../../../layout/page-url.ts';
import styles from './CategoryList.module.css';
import { AppLink } from '../../../components/AppLink.tsx';

export type CategoryListNode = Category & { children?: CategoryTreeNode[] };

export interface CategoryListProps {
  categories: readonly CategoryListNode[];
  itemOptions?: CategoryItemOptions;
  /** The list's accessible name. */
  label: string;
}

interface CountMeta {
  key: 'discussions' | 'comments' | 'posts' | 'followers';
  count: number;
  label: string;
}

const iconPaths: Record<CountMeta['key'], string> = {
  discussions: 'M3 4h14v9H8l-4 3v-3H3z',
  comments: 'M4 5h12v8h-5l-4 3v-3H4z M7 8h6 M7 10.5h4',
  posts: 'M5 3h8l3 3v11H5z M8 9h6 M8 12h6',
  followers:
    'M7 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M2 17c0-3 2.5-5 5-5s5 2 5 5 M13 9a2.5 2.5 0 1 0 0-5 M14 12c2 .5 4 2 4 5',
};

function MetaIcon({ name }: { name: CountMeta['key'] }) {
  return (
    <svg className={styles.metaIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={iconPaths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The counts an item shows (spec 000 §3 metas.display, includeSubcategoriesCount). */
export function categoryCounts(category: Category, options: CategoryItemOptions): CountMeta[] {
  const { display, includeSubcategoriesCount } = options.metas;
  const discussions = includeSubcategoriesCount
    ? category.countAllDiscussions
    : category.countDiscussions;
  const comments = includeSubcategoriesCount ? category.countAllComments : category.countComments;
  const counts: CountMeta[] = [];
  if (display.discussionCount) {
    counts.push({
      key: 'discussions',
      count: discussions,
      label: t('{count} discussions', { count: abbreviateCount(discussions) }),
    });
  }
  if (display.commentCount) {
    counts.push({
      key: 'comments',
      count: comments,
      label: t('{count} comments', { count: abbreviateCount(comments) }),
    });
  }
  if (display.postCount) {
    const posts = discussions + comments;
    counts.push({
      key: 'posts',
      count: posts,
      label: t('{count} posts', { count: abbreviateCount(posts) }),
    });
  }
  if (display.followerCount) {
    counts.push({
      key: 'followers',
      count: category.countFollowers,
      label: t('{count} followers', { count: abbreviateCount(category.countFollowers) }),
    });
  }
  return counts;
}

function CategoryMetas({
  category,
  options,
}: {
  category: CategoryListNode;
  options: CategoryItemOptions;
}) {
  const { display, asIcons } = options.metas;
  const counts = categoryCounts(category, options);
  const lastPost = category.lastPost ?? null;
  const showLastPost =
    lastPost !== null && (display.lastPostName || display.lastPostAuthor || display.lastPostDate);
  const children = (category.children ?? []).filter((child) => child.displayAs !== 'heading');
  return (
    <>
      {counts.length === 0 && !showLastPost ? null : (
        <div className={styles.metas}>
          {counts.map((meta) =>
            asIcons ? (
              <span
                key={meta.key}
                className={styles.iconMeta}
                title={meta.label}
                aria-label={meta.label}
                role="img"
              >
                <MetaIcon name={meta.key} />
                <span aria-hidden="true">{abbreviateCount(meta.count)}</span>
              </span>
            ) : (
              <span key={meta.key} className={styles.meta}>
                {meta.label}
              </span>
            ),
          )}
          {showLastPost && lastPost !== null ? (
            <span className={styles.meta}>
              {t('Most recent:')}{' '}
              {display.lastPostName ? (
                <AppLink to={toSitePath(lastPost.url)} className={styles.lastPostLink}>
                  {lastPost.name}
                </AppLink>
              ) : null}
              {display.lastPostAuthor && lastPost.insertUser !== undefined ? (
                <>
                  {' '}
                  {t('by')}{' '}
                  <AppLink
                    to={profilePath(lastPost.insertUser.name)}
                    className={styles.lastPostLink}
                  >
                    {lastPost.insertUser.name}
                  </AppLink>
                </>
              ) : null}
              {display.lastPostDate && lastPost.dateInserted !== undefined ? (
                <>
                  {' '}
                  <DateTime date={lastPost.dateInserted} />
                </>
              ) : null}
            </span>
          ) : null}
        </div>
      )}
      {display.subcategories && children.length > 0 ? (
        <ul
          className={styles.subcategories}
          aria-label={t('Subcategories of {name}', { name: category.name })}
        >
          {children.map((child) => (
            <li key={child.categoryID}>
              <AppLink to={toSitePath(child.url)} className={styles.subcategory}>
                {child.name}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function CategoryItem({
  category,
  options,
}: {
  category: CategoryListNode;
  options: CategoryItemOptions;
}) {
  return (
    <li className={styles.item}>
      {category.iconUrl === null || category.iconUrl === '' ? (
        <span className={styles.iconPlaceholder} aria-hidden="true">
          {category.name.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <img className={styles.icon} src={category.iconUrl} alt="" />
      )}
      <div className={styles.itemBody}>
        <h3 className={styles.name}>
          <AppLink to={toSitePath(category.url)} className={styles.nameLink}>
            {category.name}
          </AppLink>
          {category.isArchived ? <span className={styles.archived}>{t('Archived')}</span> : null}
        </h3>
        {category.description === '' ? null : (
          <p className={styles.description}>{category.description}</p>
        )}
        <CategoryMetas category={category} options={options} />
      </div>
    </li>
  );
}

/**
 * Categories as a list (spec 000 §3 "Category display options"): each item with its icon, name,
 * description and the metas `itemOptions.metas.display` turns on; a heading category groups its
 * children under a heading.
 */
export function CategoryList({
  categories,
  itemOptions = defaultCategoryItemOptions,
  label,
}: CategoryListProps) {
  if (categories.length === 0) {
    return <p className={styles.empty}>{t('No categories were found.')}</p>;
  }
  const groups: { heading: CategoryListNode | null; items: CategoryListNode[] }[] = [];
  for (const category of categories) {
    if (category.displayAs === 'heading') {
      groups.push({ heading: category, items: (category.children ?? []) as CategoryListNode[] });
    } else {
      const last = groups[groups.length - 1];
      if (last !== undefined && last.heading === null) last.items.push(category);
      else groups.push({ heading: null, items: [category] });
    }
  }
  return (
    <div className={styles.groups}>
      {groups.map((group, index) => (
        <div key={group.heading?.categoryID ?? `group-${index}`} className={styles.group}>
          {group.heading === null ? null : (
            <h3 className={styles.groupHeading}>
              <AppLink to={toSitePath(group.heading.url)}>{group.heading.name}</AppLink>
            </h3>
          )}
          {group.items.length === 0 ? null : (
            <ul className={styles.list} aria-label={group.heading?.name ?? label}>
              {group.items.map((category) => (
                <CategoryItem key={category.categoryID} category={category} options={itemOptions} />
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}

/** The side panel's compact list: category links with their discussion counts. */
export function CategoryLinks({
  categories,
  itemOptions = defaultCategoryItemOptions,
  label,
}: CategoryListProps) {
  const links = categories.flatMap((category) =>
    category.displayAs === 'heading'
      ? ((category.children ?? []) as CategoryListNode[])
      : [category],
  );
  if (links.length === 0) {
    return null;
  }
  return (
    <ul className={styles.links} aria-label={label}>
      {links.map((category) => {
        const count = itemOptions.metas.includeSubcategoriesCount
          ? category.countAllDiscussions
          : category.countDiscussions;
        return (
          <li key={category.categoryID}>
            <AppLink to={toSitePath(category.url)} className={styles.linkItem}>
              <span className={styles.linkName}>{category.name}</span>
              <span className={styles.linkCount} aria-label={t('{count} discussions', { count })}>
                {abbreviateCount(count)}
              </span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
