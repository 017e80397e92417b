import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signInPath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { NewPasswordField } from '../../../components/form/NewPasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { t } from '../../../lib/i18n.ts';
import { safeTarget } from '../../../lib/safe-url.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useRegisterMutation, useSignInMutation } from '../api/auth.queries.ts';
import { navigateWithReload } from '../navigate-with-reload.ts';
import { EntryLayout } from './EntryLayout.tsx';
import { EntryForm, EntryResult } from './EntryParts.tsx';
import { HoneypotField } from './HoneypotField.tsx';

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
        <EntryResult
          type="success"
          message={t(
            'Thank you for registering. Your application will be reviewed by an administrator.',
          )}
        />
      </EntryLayout>
    );
  }

  if (user.userID !== 0) {
    return (
      <EntryLayout title={t('Register')}>
        <EntryResult type="info" message={t('You are signed in as {name}.', { name: user.name })}>
          <Link to={target}>{t('Continue')}</Link>
        </EntryResult>
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
      <EntryForm
        onSubmit={(event) => void handleSubmit(event)}
        formMessages={formMessages}
        submitLabel={t('Register')}
        isSubmitting={isSubmitting}
      >
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
      </EntryForm>
    </EntryLayout>
  );
}
