import { useState } from 'react';
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
import { resendConfirmationEmail } from '../api/auth.api.ts';
import { EntryLayout } from './EntryLayout.tsx';
import styles from './EntryLayout.module.css';

/** `/entry/emailconfirmrequest` (spec 000 §2): sends the confirmation e-mail again. */
export function EmailConfirmRequestPage() {
  const user = useCurrentUser();
  const entryLinks = useEntryLinks();
  const [isSending, setIsSending] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const errors = useFormErrors();
  usePageMeta({ title: t('Resend confirmation email') });

  const handleResend = async () => {
    setIsSending(true);
    errors.clear();
    try {
      await resendConfirmationEmail(user.userID);
      setIsSent(true);
    } catch (error) {
      errors.setError(error);
    } finally {
      setIsSending(false);
    }
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
        {isSent ? (
          <FormMessage type="success">
            {t(
              'A confirmation email has been sent. Follow the link in it to confirm your address.',
            )}
          </FormMessage>
        ) : (
          <Button
            variant="primary"
            className={styles.submit}
            isLoading={isSending}
            onClick={() => void handleResend()}
          >
            {t('Resend confirmation email')}
          </Button>
        )}
      </div>
    </EntryLayout>
  );
}
