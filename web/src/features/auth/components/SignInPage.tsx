import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { registerPath, requestPasswordPath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { t } from '../../../lib/i18n.ts';
import { safeTarget } from '../../../lib/safe-url.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useSignInMutation } from '../api/auth.queries.ts';
import { navigateWithReload } from '../navigate-with-reload.ts';
import { EntryLayout } from './EntryLayout.tsx';
import { EntryForm, EntryResult } from './EntryParts.tsx';
import styles from './EntryLayout.module.css';

const shownFields = ['username', 'password', 'persist'] as const;

/** `/entry/signin` (spec 000 §2): name or e-mail, password, "Keep me signed in"; honours `target`. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const target = safeTarget(searchParams.get('target') ?? searchParams.get('Target'));
  const user = useCurrentUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [persist, setPersist] = useState(false);
  const signInMutation = useSignInMutation();
  const errors = useFormErrors();
  usePageMeta({ title: t('Sign In') });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    try {
      await signInMutation.mutateAsync({ username: username.trim(), password, persist });
      // A full load: the new session's bootstrap (user, permissions, transient key) comes with the page.
      navigateWithReload(target);
    } catch (error) {
      errors.setError(error);
    }
  };

  if (user.userID !== 0) {
    return (
      <EntryLayout title={t('Sign In')}>
        <EntryResult type="info" message={t('You are signed in as {name}.', { name: user.name })}>
          <Link to={target}>{t('Continue')}</Link>
        </EntryResult>
      </EntryLayout>
    );
  }

  const formMessages = errors.formMessages(shownFields);
  const registerLink = target === '/' ? registerPath() : registerPath({ target });
  return (
    <EntryLayout
      title={t('Sign In')}
      footer={
        <p>
          {t("Don't have an account?")} <Link to={registerLink}>{t('Register')}</Link>
        </p>
      }
    >
      <EntryForm
        onSubmit={(event) => void handleSubmit(event)}
        formMessages={formMessages}
        submitLabel={t('Sign In')}
        isSubmitting={signInMutation.isPending || signInMutation.isSuccess}
      >
        <TextField
          label={t('Email/Username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          errors={errors.fieldErrors('username')}
        />
        <TextField
          label={t('Password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={errors.fieldErrors('password', 'currentPassword')}
        />
        <div className={styles.row}>
          <CheckboxField
            label={t('Keep me signed in')}
            name="persist"
            checked={persist}
            onChange={(event) => setPersist(event.target.checked)}
          />
          <Link to={requestPasswordPath()}>{t('Forgot your password?')}</Link>
        </div>
      </EntryForm>
    </EntryLayout>
  );
}
