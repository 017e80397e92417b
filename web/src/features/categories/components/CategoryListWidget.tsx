import type { CategoryItemOptions } from '../../../../../common/src/api/layouts.ts';
import { t } from '../../../lib/i18n.ts';
import { CategoryLinks, CategoryList, type CategoryListNode } from './CategoryList.tsx';
import styles from './CategoryList.module.css';

export interface CategoryListWidgetProps {
  title?: string | null;
  headingLevel?: 1 | 2;
  categories?: CategoryListNode[];
  /** categories, discussions, flat, heading (the parent's display), or link (side panel). */
  displayAs?: string;
  itemOptions?: CategoryItemOptions;
}

/** The `CategoryList` layout widget. */
export function CategoryListWidget({
  title = null,
  headingLevel = 2,
  categories = [],
  displayAs = 'categories',
  itemOptions,
}: CategoryListWidgetProps) {
  const heading = title === null ? t('Subcategories') : t(title);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (displayAs === 'link') {
    return (
      <section className={styles.box} aria-label={heading}>
        <h2 className={styles.boxTitle}>{heading}</h2>
        <CategoryLinks categories={categories} label={heading} {...(itemOptions === undefined ? {} : { itemOptions })} />
      </section>
    );
  }
  // A flat parent lists its children without nesting.
  const shown = displayAs === 'flat' ? categories.map((category) => ({ ...category, children: [] })) : categories;
  return (
    <section className={styles.widget} aria-label={heading}>
      <Heading className={headingLevel === 1 ? styles.pageTitle : styles.widgetTitle}>{heading}</Heading>
      <CategoryList categories={shown} label={heading} {...(itemOptions === undefined ? {} : { itemOptions })} />
    </section>
  );
}
