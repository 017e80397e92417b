import type { ReactNode } from 'react';
import { useIsHydrated } from '../../lib/use-is-hydrated.ts';
import styles from './Form.module.css';

/**
 * A form's controls, disabled until the page has hydrated. The server renders every page, so a
 * form can be seen and used before React handles it: a click on its submit button would send the
 * browser's own GET (the password in the address) and what was typed would not reach React's
 * state. Disabled controls wait instead; once hydrated the fieldset adds nothing.
 */
export function HydratedFieldset({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset className={styles.fieldset} disabled={!isHydrated}>
      {children}
    </fieldset>
  );
}
