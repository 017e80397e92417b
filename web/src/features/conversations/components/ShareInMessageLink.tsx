import { addMessagePath } from '../../../app/paths.ts';
import { SmartLink } from '../../../components/SmartLink.tsx';
import { useConfigValue } from '../../../lib/bootstrap.ts';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { shareURL } from '../../discussions/components/page/page-links.ts';
import { EnvelopeIcon } from './EnvelopeIcon.tsx';

export interface ShareInMessageLinkProps {
  /** The record's absolute URL. */
  url: string;
  /** The record's title, put before the link in the message. */
  name: string;
  className?: string;
}

/**
 * Share in Message (spec 000 §2, §6: `conversations.add`, conversations enabled): opens the compose
 * page with the title and the share link (`utm_source=community-share`) as the message.
 */
export function ShareInMessageLink({ url, name, className }: ShareInMessageLinkProps) {
  const isEnabled = useConfigValue('context.conversationsEnabled', false);
  const canAdd = usePermission('conversations.add');
  if (!isEnabled || !canAdd) return null;
  const label = t('Share in Message');
  return (
    <SmartLink to={addMessagePath({ content: `${name}\n${shareURL(url, url)}` })} className={className} title={label} aria-label={label}>
      <EnvelopeIcon size={18} />
    </SmartLink>
  );
}
