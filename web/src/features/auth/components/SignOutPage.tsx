import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { homePath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { safeTarget } from '../../../lib/safe-url.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSignOutMutation } from '../api/auth.queries.ts';
import { navigateWithReload } from '../navigate-with-reload.ts';
import { EntryLayout } from './EntryLayout.tsx';
import styles from './EntryLayout.module.css';

/**
 * `/entry/signout?TransientKey=…&Target=…` (api-contract §2): with the session's transient key the
 * sign-out happens at once; without it the page asks first.
 */
export function SignOutPage() {
  const [searchParams] = useSearchParams();
  const { transientKey } = useBootstrap();
  const user = useCurrentUser();
  const target = safeTarget(searchParams.get('Target') ?? searchParams.get('target'));
  const givenKey = searchParams.get('TransientKey') ?? searchParams.get('transientKey');
  const hasProof = user.userID !== 0 && transientKey !== '' && givenKey === transientKey;
  const [state, setState] = useState<'idle' | 'signingOut' | 'failed'>(
    hasProof ? 'signingOut' : 'idle',
  );
  const [message, setMessage] = useState('');
  const hasStarted = useRef(false);
  const signOutMutation = useSignOutMutation();
  usePageMeta({ title: t('Sign Out') });

  const run = async () => {
    setState('signingOut');
    try {
      await signOutMutation.mutateAsync(transientKey);
      navigateWithReload(target);
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t('Something went wrong.'));
      setState('failed');
    }
  };

  useEffect(() => {
    if (hasProof && !hasStarted.current) {
      hasStarted.current = true;
      void run();
    }
    // The sign-out runs once, on arrival with a valid key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasProof]);

  if (user.userID === 0) {
    return (
      <EntryLayout title={t('Sign Out')}>
        <div className={styles.result}>
          <FormMessage type="info">{t('You are signed out.')}</FormMessage>
          <Link to={homePath()}>{t('Back to Home')}</Link>
        </div>
      </EntryLayout>
    );
  }
  if (state === 'signingOut') {
    return (
      <EntryLayout title={t('Sign Out')}>
        <Loader label={t('Signing out')} />
      </EntryLayout>
    );
  }
  return (
    <EntryLayout
      title={t('Sign Out')}
      description={<p>{t('Are you sure you want to sign out?')}</p>}
    >
      <div className={styles.result}>
        {state === 'failed' ? <FormMessage>{message}</FormMessage> : null}
        <Button variant="primary" className={styles.submit} onClick={() => void run()}>
          {t('Sign Out')}
        </Button>
      </div>
    </EntryLayout>
  );
}
