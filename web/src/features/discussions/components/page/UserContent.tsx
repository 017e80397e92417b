import styles from './UserContent.module.css';

export interface UserContentProps {
  /** Sanitized HTML rendered by the server on write (api-contract §1.8 `body`). */
  html: string;
  className?: string;
}

/**
 * A post's body: the server's sanitized HTML, trusted as is, with the typography of headings,
 * quotes, code blocks, spoilers, tables, images and mentions.
 */
export function UserContent({ html, className }: UserContentProps) {
  return (
    <div
      className={[styles.userContent, 'userContent', className].filter(Boolean).join(' ')}
      // The body is sanitized by the server when it is written (platform/content/render.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
