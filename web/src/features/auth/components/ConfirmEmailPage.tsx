import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { emailConfirmRequestPath, homePath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useConfirmEmailMutation } from '../api/auth.queries.ts';
import { EntryLayout } from './EntryLayout.tsx';
import styles from './EntryLayout.module.css';

/** `/entry/emailconfirm/{userID}/{code}`: the link of the confirmation e-mail. */
export function ConfirmEmailPage() {
  const params = useParams();
  const { mutate: confirm } = useConfirmEmailMutation();
  const userID = Number(params.userID);
  const code = params.code ?? '';
  const isValidLink = Number.isInteger(userID) && userID > 0 && code !== '';
  const [result, setResult] = useState<
    { kind: 'pending' } | { kind: 'confirmed' } | { kind: 'failed'; message: string }
  >({ kind: 'pending' });
  const state = isValidLink
    ? result
    : { kind: 'failed' as const, message: t('This confirmation link is not valid.') };
  const hasStarted = useRef(false);
  usePageMeta({ title: t('Confirm Email') });

  useEffect(() => {
    // Confirm once on arrival (the code is single-use).
    if (hasStarted.current || !isValidLink) {
      return;
    }
    hasStarted.current = true;
    confirm(
      { userID, code },
      {
        onSuccess: () => setResult({ kind: 'confirmed' }),
        onError: (error) =>
          setResult({
            kind: 'failed',
            message: error instanceof ApiError ? error.message : t('Something went wrong.'),
          }),
      },
    );
  }, [userID, code, isValidLink, confirm]);

  return (
    <EntryLayout title={t('Confirm Email')}>
      {state.kind === 'pending' ? <Loader label={t('Confirming your email address')} /> : null}
      {state.kind === 'confirmed' ? (
        <div className={styles.result}>
          <FormMessage type="success">{t('Your email address has been confirmed.')}</FormMessage>
          <Link to={homePath()}>{t('Back to Home')}</Link>
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <div className={styles.result}>
          <FormMessage>{state.message}</FormMessage>
          <Link to={emailConfirmRequestPath()}>{t('Resend confirmation email')}</Link>
        </div>
      ) : null}
    </EntryLayout>
  );
}
