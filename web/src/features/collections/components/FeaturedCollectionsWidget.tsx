import { AppLink } from '../../../components/AppLink.tsx';
import { t } from '../../../lib/i18n.ts';
import widgetStyles from '../../../layout/widgets/Widgets.module.css';
import styles from './FeaturedCollectionsWidget.module.css';

/** One record of a featured collection, as the server hydrates it (collections.widget.ts). */
export interface FeaturedItem {
  recordType: 'discussion' | 'category';
  recordID: number;
  name: string;
  url: string;
}

export interface FeaturedCollectionsWidgetProps {
  title?: string;
  items?: FeaturedItem[];
}

/**
 * The featured collections layout widget (spec 000 §2, api-contract §12): a collection's
 * discussions and categories in its order, only those the viewer may see (the server leaves the
 * others out, and the whole widget when none is left).
 */
export function FeaturedCollectionsWidget({
  title = '',
  items = [],
}: FeaturedCollectionsWidgetProps) {
  if (items.length === 0) return null;
  const heading = title === '' ? t('Featured') : title;
  return (
    <section className={widgetStyles.box} aria-label={heading}>
      <h2 className={widgetStyles.boxTitle}>{heading}</h2>
      <ul className={styles.items}>
        {items.map((item) => (
          <li key={`${item.recordType}-${String(item.recordID)}`} className={styles.item}>
            <AppLink to={item.url} className={styles.link}>
              {item.name}
            </AppLink>
            {item.recordType === 'category' ? (
              <span className={styles.kind}>{t('Category')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
