import { useId, useState, type FormEvent } from 'react';
import {
  PROFILE_ABOUT_MAX_LENGTH,
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_TITLE_MAX_LENGTH,
} from '../../../../../common/src/api/users.constants.ts';
import type { User } from '../../../../../common/src/api/users.ts';
import { Button } from '../../../components/Button.tsx';
import { FieldErrors, TextField } from '../../../components/form/TextField.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import formStyles from '../../../components/form/Form.module.css';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useSaveProfileFieldsMutation } from '../api/profiles.queries.ts';
import styles from './EditProfilePage.module.css';

const fields = ['title', 'profileFields.location', 'profileFields.about'] as const;

/** Issue 15: the profile's title, location and about, shown on the profile and the user card. */
export function ProfileFieldsSection({ user }: { user: User }) {
  const [title, setTitle] = useState(user.title ?? '');
  const [location, setLocation] = useState(user.profileFields?.location ?? '');
  const [about, setAbout] = useState(user.profileFields?.about ?? '');
  const save = useSaveProfileFieldsMutation(user);
  const { addToast } = useToasts();
  const errors = useFormErrors();
  const aboutID = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    save.mutate(
      { title, profileFields: { location, about } },
      {
        onSuccess: () => addToast({ body: t('Your changes have been saved.'), autoDismiss: true }),
        onError: (error) => errors.setError(error),
      },
    );
  };

  const formMessages = errors.formMessages(fields);
  const aboutErrors = errors.fieldErrors('profileFields.about');
  return (
    <section className={styles.section} aria-labelledby="profile-fields-heading">
      <h2 id="profile-fields-heading" className={styles.sectionTitle}>
        {t('Profile')}
      </h2>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
        <TextField
          label={t('Title')}
          name="title"
          maxLength={PROFILE_TITLE_MAX_LENGTH}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          errors={errors.fieldErrors('title')}
        />
        <TextField
          label={t('Location')}
          name="location"
          maxLength={PROFILE_LOCATION_MAX_LENGTH}
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          errors={errors.fieldErrors('profileFields.location')}
        />
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={aboutID}>
            {t('About')}
          </label>
          <textarea
            id={aboutID}
            name="about"
            rows={5}
            className={formStyles.input}
            maxLength={PROFILE_ABOUT_MAX_LENGTH}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            aria-invalid={aboutErrors.length > 0 || undefined}
            aria-describedby={aboutErrors.length > 0 ? `${aboutID}-errors` : undefined}
          />
          <FieldErrors id={`${aboutID}-errors`} errors={aboutErrors} />
        </div>
        <div>
          <Button type="submit" variant="primary" isLoading={save.isPending}>
            {t('Save Profile')}
          </Button>
        </div>
      </form>
    </section>
  );
}
