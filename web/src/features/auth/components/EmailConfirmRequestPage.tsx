import { Link } from 'react-router';
import { useEntryLinks } from '../../../app/entry-links.ts';
import { homePath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useResendConfirmationEmailMutation } from '../api/auth.queries.ts';
import { EntryLayout } from './EntryLayout.tsx';
import styles from './EntryLayout.module.css';

/** `/entry/emailconfirmrequest` (spec 000 §2): sends the confirmation e-mail again. */
export function EmailConfirmRequestPage() {
  const user = useCurrentUser();
  const entryLinks = useEntryLinks();
  const mutation = useResendConfirmationEmailMutation();
  const errors = useFormErrors();
  usePageMeta({ title: t('Resend confirmation email') });

  const handleResend = () => {
    errors.clear();
    mutation.mutate(user.userID, { onError: (error) => errors.setError(error) });
  };

  if (user.userID === 0) {
    return (
      <EntryLayout title={t('Resend confirmation email')}>
        <div className={styles.result}>
          <FormMessage type="info">
            {t('Sign in to send the confirmation email again.')}
          </FormMessage>
          <SmartLink to={entryLinks.signIn()}>{t('Sign In')}</SmartLink>
        </div>
      </EntryLayout>
    );
  }
  if (user.emailConfirmed === true) {
    return (
      <EntryLayout title={t('Resend confirmation email')}>
        <div className={styles.result}>
          <FormMessage type="success">{t('Your email address is confirmed.')}</FormMessage>
          <Link to={homePath()}>{t('Back to Home')}</Link>
        </div>
      </EntryLayout>
    );
  }
  const formMessages = errors.formMessages([]);
  return (
    <EntryLayout
      title={t('Resend confirmation email')}
      description={
        <p>
          {t('We will send a new confirmation link to {email}.', {
            email: user.email ?? user.name,
          })}
        </p>
      }
    >
      <div className={styles.result}>
        {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
        {mutation.isSuccess ? (
          <FormMessage type="success">
            {t(
              'A confirmation email has been sent. Follow the link in it to confirm your address.',
            )}
          </FormMessage>
        ) : (
          <Button
            variant="primary"
            className={styles.submit}
            isLoading={mutation.isPending}
            onClick={handleResend}
          >
            {t('Resend confirmation email')}
          </Button>
        )}
      </div>
    </EntryLayout>
  );
}
