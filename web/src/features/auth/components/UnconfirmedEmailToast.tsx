import { useEffect } from 'react';
import { Link } from 'react-router';
import { emailConfirmRequestPath } from '../../../app/paths.ts';
import { useToasts } from '../../../components/toast-context.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';

const toastID = 'unconfirmed-email';

/**
 * spec 000 §6, 001 §8.2: a signed-in user whose address is unconfirmed gets a persistent toast
 * 'Your email address is not confirmed.' with 'Resend confirmation email' (when confirmation is
 * required, config `registration.confirmEmail`, default on).
 */
export function UnconfirmedEmailToast() {
  const user = useCurrentUser();
  const isRequired = useConfigValue('registration.confirmEmail', true);
  const { addToast, removeToast } = useToasts();
  const isUnconfirmed = isRequired && user.userID !== 0 && user.emailConfirmed === false;

  useEffect(() => {
    if (!isUnconfirmed) {
      return undefined;
    }
    addToast({
      toastID,
      persistent: true,
      dismissible: true,
      wide: true,
      body: (
        <>
          <p>{t('Your email address is not confirmed.')}</p>
          <p>
            <Link to={emailConfirmRequestPath()}>{t('Resend confirmation email')}</Link>
          </p>
        </>
      ),
    });
    return () => removeToast(toastID);
  }, [isUnconfirmed, addToast, removeToast]);

  return null;
}
