import { useState, type FormEvent } from 'react';
import { PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import type { CurrentUser } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser, usePermission } from '../../../lib/session.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import type { UserPatch } from '../api/users.api.ts';
import { usePatchCurrentUserMutation, useUploadPhotoMutation } from '../api/users.queries.ts';
import { useProfileUserQuery } from '../api/profiles.queries.ts';
import { ProfileFieldsSection } from './ProfileFieldsSection.tsx';
import { PhotoCropper, type PictureSize } from './PhotoCropper.tsx';
import { cropToSquare, type Square } from './square-crop.ts';
import styles from './EditProfilePage.module.css';

/** `/profile/edit`: the signed-in member's account settings. */
export function EditProfilePage() {
  const user = useCurrentUser();
  usePageMeta({ title: t('Edit Profile') });
  if (user.userID === 0) {
    return <PermissionErrorPage />;
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Edit Profile')}</h1>
      <PhotoSection user={user} />
      <ProfileFields name={user.name} />
      <AccountSection key={user.userID} user={user} />
    </div>
  );
}

/** The profile fields need the user with `profileFields` (`GET /users/$name:…?expand=all`). */
function ProfileFields({ name }: { name: string }) {
  const query = useProfileUserQuery(name);
  if (query.data === undefined) return null;
  return <ProfileFieldsSection key={query.data.userID} user={query.data} />;
}

function PhotoSection({ user }: { user: CurrentUser }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [size, setSize] = useState<PictureSize | null>(null);
  const [crop, setCrop] = useState<Square | null>(null);
  const [isUndecodable, setIsUndecodable] = useState(false);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setSize(null);
    setCrop(null);
    setIsUndecodable(false);
    if (preview !== null) URL.revokeObjectURL(preview);
    setPreview(chosen === null ? null : URL.createObjectURL(chosen));
  };
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadPhotoMutation(user.userID);
  const { addToast } = useToasts();
  const errors = useFormErrors();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file === null) {
      return;
    }
    errors.clear();
    void uploadCropped(file);
  };

  // Issue 15: photos are square. The browser crops the member's square (the cropper's, else the
  // centred one); a file it cannot decode goes as it is, so the server answers with the spec's message.
  const uploadCropped = async (chosen: File) => {
    const cropped = await cropToSquare(chosen, crop ?? undefined);
    upload.mutate(cropped ?? chosen, {
      onSuccess: () => {
        choose(null);
        setInputKey((key) => key + 1);
        addToast({ body: t('Your photo has been updated.'), autoDismiss: true });
      },
      onError: (error) => errors.setError(error),
    });
  };

  const formMessages = errors.formMessages(['photo']);
  return (
    <section className={styles.section} aria-labelledby="profile-photo-heading">
      <h2 id="profile-photo-heading" className={styles.sectionTitle}>
        {t('Photo')}
      </h2>
      <form className={styles.photoForm} onSubmit={handleSubmit}>
        <Avatar photoUrl={user.photoUrl} name={user.name} size="large" />
        <div className={styles.photoFields}>
          {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
          <TextField
            key={inputKey}
            label={t('Choose a new photo')}
            name="photo"
            type="file"
            accept="image/*"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            errors={errors.fieldErrors('photo')}
          />
          {preview !== null && !isUndecodable ? (
            <PhotoCropper
              src={preview}
              size={size}
              crop={crop}
              onLoad={(loaded, centred) => {
                setSize(loaded);
                setCrop(centred);
              }}
              onError={() => setIsUndecodable(true)}
              onCropChange={setCrop}
            />
          ) : null}
          <div>
            <Button type="submit" disabled={file === null} isLoading={upload.isPending}>
              {t('Upload')}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

const accountFields = [
  'name',
  'email',
  'password',
  'passwordConfirm',
  'private',
  'passwordConfirmation',
  'currentPassword',
] as const;

function AccountSection({ user }: { user: CurrentUser }) {
  const canEditName = usePermission(['profile.editusernames', 'users.edit']);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [isPrivate, setIsPrivate] = useState(user.private === true);
  const [newPassword, setNewPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const save = usePatchCurrentUserMutation(user.userID);
  const { addToast } = useToasts();
  const errors = useFormErrors();

  const isNameChanged = canEditName && name.trim() !== user.name;
  const isEmailChanged = email.trim() !== (user.email ?? '');
  const isPasswordChanged = newPassword !== '';
  const needsCurrentPassword = isNameChanged || isEmailChanged || isPasswordChanged;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    if (isPasswordChanged && newPassword !== passwordConfirm) {
      const message = t('The passwords you entered do not match.');
      errors.setError(
        new ApiError(message, {
          status: 422,
          errors: {
            passwordConfirm: [{ field: 'passwordConfirm', code: 'mismatch', message, status: 422 }],
          },
        }),
      );
      return;
    }
    const patch: UserPatch = {};
    if (isNameChanged) patch.name = name.trim();
    if (isEmailChanged) patch.email = email.trim();
    if (isPasswordChanged) patch.password = newPassword;
    if (isPrivate !== (user.private === true)) patch.private = isPrivate;
    if (needsCurrentPassword) patch.passwordConfirmation = currentPassword;
    if (Object.keys(patch).length === 0) {
      addToast({ body: t('There are no changes to save.'), autoDismiss: true });
      return;
    }
    save.mutate(patch, {
      onSuccess: () => {
        setNewPassword('');
        setPasswordConfirm('');
        setCurrentPassword('');
        addToast({ body: t('Your changes have been saved.'), autoDismiss: true });
      },
      onError: (error) => errors.setError(error),
    });
  };

  const formMessages = errors.formMessages(accountFields);
  return (
    <section className={styles.section} aria-labelledby="profile-account-heading">
      <h2 id="profile-account-heading" className={styles.sectionTitle}>
        {t('Account')}
      </h2>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
        <TextField
          label={t('Username')}
          name="name"
          autoComplete="username"
          value={name}
          readOnly={!canEditName}
          description={
            canEditName ? undefined : t('You don’t have permission to change your username.')
          }
          onChange={(event) => setName(event.target.value)}
          errors={errors.fieldErrors('name')}
        />
        <TextField
          label={t('Email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.fieldErrors('email')}
        />
        <CheckboxField
          label={t('Private profile')}
          description={t('Only you and moderators can see the details of your profile.')}
          name="private"
          checked={isPrivate}
          onChange={(event) => setIsPrivate(event.target.checked)}
          errors={errors.fieldErrors('private')}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('Change Password')}</legend>
          <TextField
            label={t('New Password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            errors={errors.fieldErrors('password')}
          />
          <TextField
            label={t('Confirm New Password')}
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            value={passwordConfirm}
            onChange={(event) => setPasswordConfirm(event.target.value)}
            errors={errors.fieldErrors('passwordConfirm')}
          />
        </fieldset>
        <TextField
          label={t('Current Password')}
          name="passwordConfirmation"
          type="password"
          autoComplete="current-password"
          required={needsCurrentPassword}
          description={t('Required to change your username, email or password.')}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          errors={errors.fieldErrors('passwordConfirmation', 'currentPassword')}
        />
        <div>
          <Button type="submit" variant="primary" isLoading={save.isPending}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
