import { useState } from 'react';
import { layoutSizes } from '../../../common/src/constants.ts';
import styles from './Avatar.module.css';

export interface AvatarProps {
  photoUrl?: string | null | undefined;
  /** The user's name, for the alternative text; empty when the name is shown next to it. */
  name: string;
  size?: keyof typeof layoutSizes.avatarSizes;
  isDecorative?: boolean;
}

/** A user photo; a generic silhouette when there is none or it fails to load (spec 000 §3). */
export function Avatar({ photoUrl, name, size = 'small', isDecorative = false }: AvatarProps) {
  const [hasFailed, setHasFailed] = useState(false);
  const className = `${styles.avatar} ${styles[size]}`;
  // The size in the markup too: the box is right before any stylesheet applies (no layout shift).
  const pixels = layoutSizes.avatarSizes[size];
  if (photoUrl === null || photoUrl === undefined || photoUrl === '' || hasFailed) {
    return (
      <svg
        className={className}
        viewBox="0 0 40 40"
        width={pixels}
        height={pixels}
        role={isDecorative ? undefined : 'img'}
        aria-hidden={isDecorative || undefined}
        aria-label={isDecorative ? undefined : name}
      >
        <rect width="40" height="40" className={styles.silhouetteBg} />
        <circle cx="20" cy="15.5" r="7.5" className={styles.silhouette} />
        <path d="M6 38c1.5-8 7-12.5 14-12.5S32.5 30 34 38z" className={styles.silhouette} />
      </svg>
    );
  }
  return (
    <img
      className={className}
      src={photoUrl}
      width={pixels}
      height={pixels}
      alt={isDecorative ? '' : name}
      onError={() => setHasFailed(true)}
    />
  );
}
