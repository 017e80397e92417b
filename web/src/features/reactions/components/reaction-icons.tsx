import type { ReactNode } from 'react';
import styles from './ReactionsBar.module.css';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.7,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

const face = <circle cx="12" cy="12" r="8.5" {...stroke} />;
const eyes = (
  <>
    <circle cx="9" cy="10" r="1.1" fill="currentColor" />
    <circle cx="15" cy="10" r="1.1" fill="currentColor" />
  </>
);
const thumb = (
  <path
    d="M7.5 11v8.5H4.5V11zM7.5 11l3.5-6.5c1.3 0 2.2 1 2 2.3L12.5 10h5.2c1.2 0 2 1.1 1.8 2.2l-1.1 5.4c-.2 1.1-1.1 1.9-2.2 1.9H7.5"
    {...stroke}
  />
);

/** The spec 000 §3 reaction types as line icons (decorative: the button names the reaction). */
const iconByUrlcode: Readonly<Record<string, ReactNode>> = {
  promote: (
    <path
      d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"
      {...stroke}
    />
  ),
  offtopic: (
    <path
      d="M4 7h10.5l-3-3M20 17H9.5l3 3M14.5 7c3 0 5.5 2.2 5.5 5M9.5 17C6.5 17 4 14.8 4 12"
      {...stroke}
    />
  ),
  insightful: (
    <path
      d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z"
      {...stroke}
    />
  ),
  disagree: (
    <>
      {face}
      <path d="M9 9l6 6M15 9l-6 6" {...stroke} />
    </>
  ),
  agree: (
    <>
      {face}
      <path d="M8 12.5l2.7 2.7L16.2 9.5" {...stroke} />
    </>
  ),
  like: thumb,
  dislike: <g transform="rotate(180 12 12)">{thumb}</g>,
  up: <path d="M12 19V5M6 11l6-6 6 6" {...stroke} />,
  down: <path d="M12 5v14M6 13l6 6 6-6" {...stroke} />,
  support: (
    <path
      d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.4 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z"
      {...stroke}
    />
  ),
  awesome: (
    <>
      {face}
      <path d="M7.3 9.6l1.7-.3.8-1.5.8 1.5 1.7.3M12 9.6" {...stroke} strokeWidth={1.3} />
      <path d="M12.7 9.6l1.7-.3.8-1.5.8 1.5 1.7.3" {...stroke} strokeWidth={1.3} />
      <path d="M8 13.5h8a4 4 0 0 1-8 0z" {...stroke} />
    </>
  ),
  lol: (
    <>
      {face}
      <path d="M7.5 10l2-1-2-1M16.5 10l-2-1 2-1M8 13h8a4 4 0 0 1-8 0z" {...stroke} />
    </>
  ),
  wtf: (
    <>
      {face}
      {eyes}
      <path d="M8.5 16c1-1 2-1 3 0s2 1 3 0" {...stroke} />
    </>
  ),
};

export interface ReactionIconProps {
  urlcode: string;
  name: string;
}

/** A reaction type's icon; hidden from assistive technology (the button names the reaction). */
export function ReactionIcon({ urlcode, name }: ReactionIconProps) {
  const icon = iconByUrlcode[urlcode.toLowerCase()];
  return (
    <span className={styles.icon} aria-hidden="true">
      {icon === undefined ? (
        name.slice(0, 1).toUpperCase()
      ) : (
        <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
          {icon}
        </svg>
      )}
    </span>
  );
}

/** The vote arrows (spec 001 §9: vote counter size 32). */
export function VoteArrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'up' ? 'M12 5l7 9H5z' : 'M12 19l7-9H5z'}
        fill="currentColor"
        strokeLinejoin="round"
      />
    </svg>
  );
}
