import { useEffect, useState } from 'react';
import { overlayLimits } from '../../../common/src/constants.ts';
import { t } from '../lib/i18n.ts';
import styles from './Loader.module.css';

export interface LoaderProps {
  /** Milliseconds before the spinner appears (spec 000 §4: 150 ms), so quick loads show nothing. */
  delay?: number;
  label?: string;
}

/** A spinner shown only after a short delay. */
export function Loader({ delay = overlayLimits.loaderDelayMs, label }: LoaderProps) {
  const [isVisible, setIsVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) {
      return undefined;
    }
    const timer = setTimeout(() => setIsVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!isVisible) {
    return null;
  }
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('Loading')}</span>
    </div>
  );
}
