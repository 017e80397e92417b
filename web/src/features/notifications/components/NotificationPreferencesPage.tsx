import type {
  NotificationMethods,
  NotificationPreferences,
  PreferenceActivityType,
} from '../../../../../common/src/api/notifications.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { usePreferencesQuery, usePreferencesSchemaQuery } from '../api/notifications.queries.ts';
import { useThrottledPreferencesSave } from '../hooks/useThrottledPreferencesSave.ts';
import styles from './Notifications.module.css';

type Method = keyof NotificationMethods;

/** `/profile/preferences`: the notification preferences table drawn from the schema (api-contract §6). */
export function NotificationPreferencesPage() {
  const signedIn = useIsSignedIn();
  const schema = usePreferencesSchemaQuery(signedIn);
  const preferences = usePreferencesQuery(signedIn);
  const save = useThrottledPreferencesSave();
  usePageMeta({ title: t('Notification Preferences') });
  if (!signedIn) return <PermissionErrorPage />;
  if (schema.isPending || preferences.isPending) return <Loader />;
  if (schema.isError || preferences.isError) {
    return <ErrorMessage title={t('Something went wrong.')} description={(schema.error ?? preferences.error)?.message} />;
  }
  const values: NotificationPreferences = preferences.data;
  const groups = Object.entries(schema.data.properties.notifications.properties);
  const hasEmail = groups.some(([, group]) => Object.values(group.properties).some((entry) => entry.properties.email));
  const handleChange = (type: PreferenceActivityType, method: Method, checked: boolean) => {
    save({ [type]: { [method]: checked } });
  };
  return (
    <main className={styles.page}>
      <h1>{t('Notification Preferences')}</h1>
      {groups.map(([key, group]) => (
        <table key={key} className={styles.table}>
          <caption>{t(group['x-control']?.label ?? key)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Activity')}</th>
              <th scope="col">{t('Notification popup')}</th>
              {hasEmail ? <th scope="col">{t('Email')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {Object.entries(group.properties).map(([type, entry]) => {
              const activity = type as PreferenceActivityType;
              const label = t(entry['x-control'].label);
              const current = values[activity] ?? {};
              const cell = (method: Method) => {
                const property = entry.properties[method];
                if (!property) return <td />;
                return (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${label}: ${method === 'popup' ? t('Notification popup') : t('Email')}`}
                      checked={current[method] ?? property.default}
                      onChange={(event) => handleChange(activity, method, event.target.checked)}
                    />
                  </td>
                );
              };
              return (
                <tr key={type}>
                  <th scope="row">
                    {label}
                    {entry['x-control'].description ? (
                      <span className={styles.meta}> {t(entry['x-control'].description)}</span>
                    ) : null}
                  </th>
                  {cell('popup')}
                  {hasEmail ? cell('email') : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </main>
  );
}
