import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { isInternalLink, isSafeLink } from '../lib/safe-url.ts';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

/**
 * A link by spec 000 §2 and §5: site paths navigate in the app, other safe links open in a new
 * tab, unsafe links (javascript:, data:...) render as plain text.
 */
export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  if (!isSafeLink(to)) {
    return <span className={rest.className}>{children}</span>;
  }
  if (to.trim().startsWith('#')) {
    return (
      <a {...rest} href={to}>
        {children}
      </a>
    );
  }
  if (isInternalLink(to)) {
    return (
      <Link {...rest} to={to}>
        {children}
      </Link>
    );
  }
  const isWeb = /^https?:/i.test(to.trim());
  return (
    <a
      {...rest}
      href={to}
      target={isWeb ? '_blank' : undefined}
      rel={isWeb ? 'noopener noreferrer' : undefined}
    >
      {children}
    </a>
  );
}
