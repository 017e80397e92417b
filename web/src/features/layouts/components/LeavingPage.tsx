import { Link, useNavigate, useSearchParams } from 'react-router';
import { homePath } from '../../../app/paths.ts';
import { GenericErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import styles from './LeavingPage.module.css';

/** Only web links leave through the interstitial (spec 000 §2, §5). */
export function leavingTarget(target: string | null): URL | null {
  if (target === null || target.trim() === '') return null;
  try {
    const url = new URL(target.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** `/home/leaving?target=…`: the interstitial before an external link (spec 000 §2). */
export function LeavingPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const siteTitle = useConfigValue('garden.title', 'Hearth');
  const target = leavingTarget(searchParams.get('target'));
  const title = t('Leaving {site}', { site: siteTitle });
  if (target === null) {
    return <GenericErrorPage status={400} title={t('Invalid link')} description={t('This link cannot be opened.')} />;
  }
  return <LeavingMessage title={title} siteTitle={siteTitle} href={target.href} host={target.host} onBack={() => void navigate(-1)} />;
}

function LeavingMessage({
  title,
  siteTitle,
  href,
  host,
  onBack,
}: {
  title: string;
  siteTitle: string;
  href: string;
  host: string;
  onBack: () => void;
}) {
  usePageMeta({ title });
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="leaving-title">
        <h1 id="leaving-title" className={styles.title}>
          {title}
        </h1>
        <p>{t('You are about to leave {site} for {host}.', { site: siteTitle, host })}</p>
        <p className={styles.target}>
          <code>{href}</code>
        </p>
        <p className={styles.note}>{t('The page you are going to is not part of this community. Continue only if you trust it.')}</p>
        <div className={styles.actions}>
          <a href={href} rel="nofollow ugc noopener noreferrer" className={buttonClassName('primary')}>
            {t('Continue')}
          </a>
          <Button onClick={onBack}>{t('Go back')}</Button>
          <Link to={homePath()} className={styles.home}>
            {t('Back to Home')}
          </Link>
        </div>
      </section>
    </div>
  );
}
