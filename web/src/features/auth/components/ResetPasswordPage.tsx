import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { requestPasswordPath, signInPath } from '../../../app/paths.ts';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { NewPasswordField } from '../../../components/form/NewPasswordField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useResetPasswordMutation } from '../api/auth.queries.ts';
import { EntryLayout } from './EntryLayout.tsx';
import { EntryForm, EntryResult } from './EntryParts.tsx';

const shownFields = ['password', 'passwordConfirm'] as const;

/** `/entry/passwordreset/{userID}/{code}`: the link of the reset e-mail; sets a new password. */
export function ResetPasswordPage() {
  const params = useParams();
  const userID = Number(params.userID);
  const code = params.code ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const mutation = useResetPasswordMutation();
  const errors = useFormErrors();
  usePageMeta({ title: t('Reset my password') });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    if (password !== confirmation) {
      errors.setError(
        new ApiError(t('The passwords you entered do not match.'), {
          status: 422,
          errors: {
            passwordConfirm: [
              {
                field: 'passwordConfirm',
                code: 'mismatch',
                message: t('The passwords you entered do not match.'),
                status: 422,
              },
            ],
          },
        }),
      );
      return;
    }
    mutation.mutate(
      { userID, resetCode: code, password },
      { onError: (error) => errors.setError(error) },
    );
  };

  if (mutation.isSuccess) {
    return (
      <EntryLayout title={t('Reset my password')}>
        <EntryResult
          type="success"
          message={t('Your password has been changed. You can now sign in with it.')}
        >
          <Link to={signInPath()}>{t('Sign In')}</Link>
        </EntryResult>
      </EntryLayout>
    );
  }
  const formMessages = errors.formMessages(shownFields);
  return (
    <EntryLayout
      title={t('Reset my password')}
      description={<p>{t('Choose a new password for your account.')}</p>}
      footer={
        <p>
          <Link to={requestPasswordPath()}>{t('Request a new password')}</Link>
        </p>
      }
    >
      <EntryForm
        onSubmit={handleSubmit}
        formMessages={formMessages}
        submitLabel={t('Save Password')}
        isSubmitting={mutation.isPending}
      >
        <NewPasswordField
          label={t('New Password')}
          value={password}
          onChange={setPassword}
          errors={errors.fieldErrors('password')}
        />
        <TextField
          label={t('Confirm Password')}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          errors={errors.fieldErrors('passwordConfirm')}
        />
      </EntryForm>
    </EntryLayout>
  );
}
