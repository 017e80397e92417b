import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { signInPath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useRequestPasswordMutation } from '../api/auth.queries.ts';
import { EntryLayout } from './EntryLayout.tsx';
import { EntryForm, EntryResult } from './EntryParts.tsx';

const shownFields = ['email'] as const;

/** `/entry/passwordrequest`: asks for the password reset e-mail (`POST /users/request-password`). */
export function RequestPasswordPage() {
  const [email, setEmail] = useState('');
  const mutation = useRequestPasswordMutation();
  const errors = useFormErrors();
  usePageMeta({ title: t('Reset my password') });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    mutation.mutate(email.trim(), { onError: (error) => errors.setError(error) });
  };

  const formMessages = errors.formMessages(shownFields);
  return (
    <EntryLayout
      title={t('Reset my password')}
      description={
        mutation.isSuccess ? undefined : (
          <p>
            {t(
              'Enter your email address or username and we will send you a link to choose a new password.',
            )}
          </p>
        )
      }
      footer={
        <p>
          <Link to={signInPath()}>{t('Back to Sign In')}</Link>
        </p>
      }
    >
      {mutation.isSuccess ? (
        <EntryResult
          type="success"
          message={t(
            'A message has been sent to your email address with password reset instructions.',
          )}
        />
      ) : (
        <EntryForm
          onSubmit={handleSubmit}
          formMessages={formMessages}
          submitLabel={t('Request a new password')}
          isSubmitting={mutation.isPending}
        >
          <TextField
            label={t('Email/Username')}
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errors={errors.fieldErrors('email')}
          />
        </EntryForm>
      )}
    </EntryLayout>
  );
}
