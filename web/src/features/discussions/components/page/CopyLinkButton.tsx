import { useToasts } from '../../../../components/toast-context.tsx';
import { t } from '../../../../lib/i18n.ts';
import { shareURL } from './page-links.ts';
import styles from './DiscussionOriginalPost.module.css';

export interface CopyLinkButtonProps {
  /** The record's URL (absolute or a path). */
  url: string;
  /** Accessible name, e.g. 'Copy Link'. */
  label?: string;
  className?: string;
  isCompact?: boolean;
}

/** Copies a share link with `utm_source=community-share` (spec 000 §2): 'Link copied to clipboard.'. */
export function CopyLinkButton({ url, label, className, isCompact = false }: CopyLinkButtonProps) {
  const { addToast } = useToasts();
  const handleClick = async () => {
    const link = shareURL(url, window.location.origin);
    try {
      await navigator.clipboard.writeText(link);
      addToast({ body: t('Link copied to clipboard.'), autoDismiss: true });
    } catch {
      addToast({ body: link, dismissible: true, persistent: true, wide: true });
    }
  };
  const name = label ?? t('Copy Link');
  return (
    <button
      type="button"
      className={className ?? styles.iconButton}
      aria-label={isCompact ? undefined : name}
      title={name}
      onClick={() => void handleClick()}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {isCompact ? <span>{name}</span> : null}
    </button>
  );
}
