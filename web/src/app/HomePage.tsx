import { Link } from 'react-router';
import { buttonClassName } from '../components/Button.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { useConfigValue } from '../lib/bootstrap.ts';
import { t } from '../lib/i18n.ts';
import { useIsSignedIn } from '../lib/session.ts';
import { useEntryLinks } from './entry-links.ts';
import { categoriesPath, discussionsPath } from './paths.ts';
import { usePageMeta } from './page-meta.tsx';
import styles from './HomePage.module.css';

/** The home page until a custom home layout is configured (spec 000 §2 "/"). */
export function HomePage() {
  const siteTitle = useConfigValue('garden.title', 'Hearth');
  const description = useConfigValue('garden.description', '');
  const isSignedIn = useIsSignedIn();
  const entryLinks = useEntryLinks();
  usePageMeta({});
  return (
    <>
      <section className={styles.banner} aria-labelledby="home-title">
        <div className={styles.bannerInner}>
          <h1 id="home-title" className={styles.title}>
            {siteTitle}
          </h1>
          <p className={styles.description}>
            {description === ''
              ? t('A place to ask, share and talk with the community.')
              : description}
          </p>
        </div>
      </section>
      <div className={styles.content}>
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h2 className={styles.cardTitle}>
              <Link to={discussionsPath()}>{t('Posts')}</Link>
            </h2>
            <p>{t('Read the latest discussions and join the conversation.')}</p>
          </li>
          <li className={styles.card}>
            <h2 className={styles.cardTitle}>
              <Link to={categoriesPath()}>{t('Categories')}</Link>
            </h2>
            <p>{t('Browse topics by category and follow the ones you care about.')}</p>
          </li>
        </ul>
        {isSignedIn ? null : (
          <section className={styles.callToAction} aria-labelledby="home-join">
            <h2 id="home-join" className={styles.cardTitle}>
              {t('Join the community')}
            </h2>
            <p>{t('Create an account to start discussions, comment and follow categories.')}</p>
            <div className={styles.actions}>
              {entryLinks.register === null ? null : (
                <SmartLink to={entryLinks.register} className={buttonClassName('primary')}>
                  {t('Register')}
                </SmartLink>
              )}
              <SmartLink to={entryLinks.signIn()} className={buttonClassName('standard')}>
                {t('Sign In')}
              </SmartLink>
            </div>
          </section>
        )}
      </div>
    </>
  );
}
