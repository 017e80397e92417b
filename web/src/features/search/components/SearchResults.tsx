import type { SearchResult } from '../../../../../common/src/api/search.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { toSitePath } from '../../../layout/page-url.ts';
import { t } from '../../../lib/i18n.ts';
import styles from './SearchPage.module.css';

export interface SearchResultsProps {
  results: readonly SearchResult[];
}

const typeLabels: Readonly<Record<string, string>> = {
  discussion: 'Discussion',
  question: 'Question',
  idea: 'Idea',
  poll: 'Poll',
  comment: 'Comment',
  category: 'Category',
  user: 'Member',
};

/**
 * The result list (spec 000 §3 search result: name, url, type, breadcrumbs, dates, excerpt). The
 * excerpt is HTML the server escaped, with the matched words in `<mark>`.
 */
export function SearchResults({ results }: SearchResultsProps) {
  return (
    <ol className={styles.results}>
      {results.map((result) => (
        <li key={`${result.recordType}:${String(result.recordID)}`} className={styles.result}>
          {result.insertUser && result.recordType !== 'category' ? (
            <Avatar photoUrl={result.insertUser.photoUrl} name={result.insertUser.name} isDecorative />
          ) : null}
          <div className={styles.resultBody}>
            <h3 className={styles.resultTitle}>
              <SmartLink to={toSitePath(result.url)}>{result.name ?? result.url}</SmartLink>
            </h3>
            <p className={styles.resultMeta}>
              <span className={styles.resultType}>{t(typeLabels[result.type] ?? 'Discussion')}</span>
              {result.insertUser && result.recordType !== 'user' ? <span>{result.insertUser.name}</span> : null}
              {result.dateInserted ? <DateTime date={result.dateInserted} /> : null}
              {(result.labelCodes ?? []).map((label) => (
                <span key={label} className={styles.label}>
                  {t(label)}
                </span>
              ))}
            </p>
            {result.breadcrumbs && result.breadcrumbs.length > 1 ? <Breadcrumbs crumbs={result.breadcrumbs} /> : null}
            {result.excerpt ? (
              <p className={styles.excerpt} dangerouslySetInnerHTML={{ __html: result.excerpt }} />
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
