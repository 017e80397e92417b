import { buttonClassName } from '../../components/Button.tsx';
import { t } from '../../lib/i18n.ts';
import { useEntryLinks } from '../entry-links.ts';
import { usePageMeta } from '../page-meta.tsx';
import { ErrorMessage } from './ErrorPage.tsx';
import styles from './ErrorPage.module.css';

/**
 * What a banned user sees instead of any page (api-contract §1.2: their calls answer 401 "You are
 * banned."), with a way to sign out so someone else can sign in on this browser.
 */
export function BannedPage() {
  const entryLinks = useEntryLinks();
  const title = t('You are banned.');
  usePageMeta({ title, status: 401 });
  return (
    <div className={styles.page}>
      <ErrorMessage
        title={title}
        description={<p>{t('You can no longer take part in this community.')}</p>}
        actions={
          <a href={entryLinks.signOut} className={buttonClassName('standard')}>
            {t('Sign Out')}
          </a>
        }
      />
    </div>
  );
}
