import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signInPath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { HydratedFieldset } from '../../../components/form/HydratedFieldset.tsx';
import { NewPasswordField } from '../../../components/form/NewPasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { t } from '../../../lib/i18n.ts';
import { safeTarget } from '../../../lib/safe-url.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useRegisterMutation, useSignInMutation } from '../api/auth.queries.ts';
import { navigateWithReload } from '../navigate-with-reload.ts';
import { EntryLayout } from './EntryLayout.tsx';
import { HoneypotField } from './HoneypotField.tsx';
import styles from './EntryLayout.module.css';

const shownFields = ['email', 'name', 'password'] as const;

/** `/entry/register` (spec 000 §2): e-mail, username and password; signs the new member in. */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const target = safeTarget(searchParams.get('target'));
  const user = useCurrentUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [honeypot, setHoneypot] = useState('');
  // Busy from the submit until the page reloads (registering, then signing in).
  const [isSubmitting, setIsSubmitting] = useState(false);
  const registerMutation = useRegisterMutation();
  const signInMutation = useSignInMutation();
  const [isPendingApproval, setIsPendingApproval] = useState(false);
  const errors = useFormErrors();
  usePageMeta({ title: t('Register') });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitting(true);
    errors.clear();
    try {
      const result = await registerMutation.mutateAsync({
        email: email.trim(),
        name: name.trim(),
        password,
        hpt: honeypot,
      });
      if (result.kind === 'pendingApproval') {
        setIsPendingApproval(true);
        setIsSubmitting(false);
        return;
      }
    } catch (error) {
      errors.setError(error);
      setIsSubmitting(false);
      return;
    }
    try {
      await signInMutation.mutateAsync({ username: name.trim(), password, persist: false });
      navigateWithReload(target);
    } catch {
      // The account exists; signing in can still be refused (e.g. approval or confirmation rules).
      navigateWithReload(signInPath({ target }));
    }
  };

  if (isPendingApproval) {
    return (
      <EntryLayout title={t('Register')}>
        <div className={styles.result}>
          <FormMessage type="success">
            {t('Thank you for registering. Your application will be reviewed by an administrator.')}
          </FormMessage>
        </div>
      </EntryLayout>
    );
  }

  if (user.userID !== 0) {
    return (
      <EntryLayout title={t('Register')}>
        <div className={styles.result}>
          <FormMessage type="info">
            {t('You are signed in as {name}.', { name: user.name })}
          </FormMessage>
          <Link to={target}>{t('Continue')}</Link>
        </div>
      </EntryLayout>
    );
  }

  const formMessages = errors.formMessages(shownFields);
  return (
    <EntryLayout
      title={t('Register')}
      description={<p>{t('Create an account to join the conversation.')}</p>}
      footer={
        <p>
          {t('Already have an account?')}{' '}
          <Link to={signInPath({ target: target === '/' ? undefined : target })}>
            {t('Sign In')}
          </Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <HydratedFieldset>
          {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
          <TextField
            label={t('Email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errors={errors.fieldErrors('email')}
          />
          <TextField
            label={t('Username')}
            name="name"
            autoComplete="username"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            errors={errors.fieldErrors('name')}
          />
          <NewPasswordField
            label={t('Password')}
            value={password}
            onChange={setPassword}
            errors={errors.fieldErrors('password')}
          />
          <HoneypotField value={honeypot} onChange={setHoneypot} />
          <Button
            type="submit"
            variant="primary"
            className={styles.submit}
            isLoading={isSubmitting}
          >
            {t('Register')}
          </Button>
        </HydratedFieldset>
      </form>
    </EntryLayout>
  );
}
