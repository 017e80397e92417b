import { lazy, Suspense, useState } from 'react';
import { DropDown, type DropDownItem } from '../../../../components/DropDown.tsx';
import { editDiscussionPath } from '../../../../app/paths.ts';
import { useConfigValue } from '../../../../lib/bootstrap.ts';
import { t } from '../../../../lib/i18n.ts';
import { useCurrentUser, usePermissionSet } from '../../../../lib/session.ts';
import {
  useDiscussionToggleMutation,
  type DiscussionToggle,
} from '../../api/discussion-actions.queries.ts';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { revisionHistoryPath } from '../page/page-links.ts';
import { useNow } from '../page/use-now.ts';
import {
  discussionOptionGroups,
  visibleDiscussionOptions,
  type DiscussionOption,
} from './discussion-options.ts';
import styles from './DiscussionOptions.module.css';

// The option dialogs load when one is opened: most readers never open one (issue 4 first load).
const DeleteDiscussionModal = lazy(async () => ({
  default: (await import('./DeleteDiscussionModal.tsx')).DeleteDiscussionModal,
}));
const MoveDiscussionModal = lazy(async () => ({
  default: (await import('./MoveDiscussionModal.tsx')).MoveDiscussionModal,
}));
const ChangeTypeModal = lazy(async () => ({
  default: (await import('./ChangeTypeModal.tsx')).ChangeTypeModal,
}));
const TagDiscussionModal = lazy(async () => ({
  default: (await import('./TagDiscussionModal.tsx')).TagDiscussionModal,
}));
const AnnounceModal = lazy(async () => ({
  default: (await import('./AnnounceModal.tsx')).AnnounceModal,
}));
const CollectionsModal = lazy(async () => ({
  default: (await import('../../../collections/components/CollectionsModal.tsx')).CollectionsModal,
}));
const ReportModal = lazy(async () => ({
  default: (await import('../../../reports/components/ReportModal.tsx')).ReportModal,
}));
const ChangeAuthorModal = lazy(async () => ({
  default: (await import('./ChangeAuthorModal.tsx')).ChangeAuthorModal,
}));

export interface DiscussionOptionsMenuProps {
  discussion: Discussion;
}

type OpenModal =
  | 'delete'
  | 'move'
  | 'changeType'
  | 'tag'
  | 'announce'
  | 'changeAuthor'
  | 'addToCollection'
  | 'report'
  | null;

function toggleKey(toggle: DiscussionToggle): string {
  return toggle.kind === 'patch' ? Object.keys(toggle.patch).join(',') : toggle.kind;
}

/**
 * The discussion options menu (spec 000 §2 groups, §6 permissions): edit, delete, move, change
 * type, tag, resolve; announce; mute, dismiss, bump, sink, close; revision history. Each toggle
 * disables itself while its request runs (spec 000 §4).
 */
export function DiscussionOptionsMenu({ discussion }: DiscussionOptionsMenuProps) {
  const permissions = usePermissionSet();
  const me = useCurrentUser();
  const editContentTimeout = useConfigValue('ui.editContentTimeout', 3600);
  const taggingEnabled = useConfigValue('tagging.enabled', true);
  const triageEnabled = useConfigValue('triage.enabled', false);
  const reportingEnabled = useConfigValue('featureFlags.escalations.Enabled', false);
  const now = useNow(() => 30_000);
  const toggle = useDiscussionToggleMutation(discussion.discussionID);
  const [openModal, setOpenModal] = useState<OpenModal>(null);

  const visible = visibleDiscussionOptions(discussion, {
    permissions,
    userID: me.userID,
    editContentTimeout,
    taggingEnabled,
    triageEnabled,
    reportingEnabled,
    now,
  });
  if (visible.size === 0) return null;

  const running = toggle.isPending ? toggleKey(toggle.variables) : null;
  const run = (next: DiscussionToggle) => toggle.mutate(next);
  const isRunning = (next: DiscussionToggle) => running === toggleKey(next);

  const entry = (option: DiscussionOption): DropDownItem => {
    switch (option) {
      case 'edit':
        return {
          kind: 'link',
          key: option,
          label: t('Edit'),
          to: editDiscussionPath(discussion.discussionID),
        };
      case 'delete':
        return {
          kind: 'button',
          key: option,
          label: t('Delete'),
          onSelect: () => setOpenModal('delete'),
        };
      case 'move':
        return {
          kind: 'button',
          key: option,
          label: t('Move'),
          onSelect: () => setOpenModal('move'),
        };
      case 'changeType':
        return {
          kind: 'button',
          key: option,
          label: t('Change Type'),
          onSelect: () => setOpenModal('changeType'),
        };
      case 'tag':
        return {
          kind: 'button',
          key: option,
          label: t('Tag'),
          onSelect: () => setOpenModal('tag'),
        };
      case 'announce':
        return {
          kind: 'button',
          key: option,
          label: t('Announce'),
          onSelect: () => setOpenModal('announce'),
        };
      case 'changeAuthor':
        return {
          kind: 'button',
          key: option,
          label: t('Change Author'),
          onSelect: () => setOpenModal('changeAuthor'),
        };
      case 'addToCollection':
        return {
          kind: 'button',
          key: option,
          label: t('Add to Collection'),
          onSelect: () => setOpenModal('addToCollection'),
        };
      case 'resolve': {
        const next: DiscussionToggle = {
          kind: 'patch',
          patch: { resolved: discussion.resolved !== true },
        };
        return {
          kind: 'button',
          key: option,
          label: discussion.resolved === true ? t('Unresolve') : t('Resolve'),
          onSelect: () => run(next),
          isDisabled: isRunning(next),
        };
      }
      case 'mute': {
        const next: DiscussionToggle = { kind: 'mute', muted: discussion.muted !== true };
        return {
          kind: 'button',
          key: option,
          label: discussion.muted === true ? t('Unmute') : t('Mute'),
          onSelect: () => run(next),
          isDisabled: isRunning(next),
        };
      }
      case 'dismiss': {
        const next: DiscussionToggle = {
          kind: 'dismiss',
          dismissed: discussion.dismissed !== true,
        };
        return {
          kind: 'button',
          key: option,
          label: discussion.dismissed === true ? t('Undismiss') : t('Dismiss'),
          onSelect: () => run(next),
          isDisabled: isRunning(next),
        };
      }
      case 'bump': {
        const next: DiscussionToggle = { kind: 'bump' };
        return {
          kind: 'button',
          key: option,
          label: t('Bump'),
          onSelect: () => run(next),
          isDisabled: isRunning(next),
        };
      }
      case 'sink': {
        const next: DiscussionToggle = { kind: 'patch', patch: { sink: !discussion.sink } };
        return {
          kind: 'button',
          key: option,
          label: discussion.sink ? t('Unsink') : t('Sink'),
          onSelect: () => run(next),
          isDisabled: isRunning(next),
        };
      }
      case 'close': {
        const next: DiscussionToggle = { kind: 'patch', patch: { closed: !discussion.closed } };
        return {
          kind: 'button',
          key: option,
          label: discussion.closed ? t('Reopen') : t('Close'),
          onSelect: () => run(next),
          isDisabled: isRunning(next),
        };
      }
      case 'revisionHistory':
        return {
          kind: 'link',
          key: option,
          label: t('Revision History'),
          to: revisionHistoryPath(discussion.discussionID),
          isExternal: true,
        };
      case 'report':
        return {
          kind: 'button',
          key: option,
          label: t('Report'),
          onSelect: () => setOpenModal('report'),
        };
    }
  };

  const items: DropDownItem[] = [];
  for (const [index, group] of discussionOptionGroups.entries()) {
    const shown = group.filter((option) => visible.has(option));
    if (shown.length === 0) continue;
    if (items.length > 0) items.push({ kind: 'separator', key: `separator-${index}` });
    items.push(...shown.map(entry));
  }

  const close = () => setOpenModal(null);
  return (
    <>
      <DropDown
        label={t('Discussion Options')}
        buttonClassName={styles.menuButton}
        buttonContent={
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="5" cy="12" r="1.9" fill="currentColor" />
            <circle cx="12" cy="12" r="1.9" fill="currentColor" />
            <circle cx="19" cy="12" r="1.9" fill="currentColor" />
          </svg>
        }
        items={items}
      />
      <Suspense fallback={null}>
        {openModal === 'delete' ? (
          <DeleteDiscussionModal discussion={discussion} onClose={close} />
        ) : null}
        {openModal === 'move' ? (
          <MoveDiscussionModal discussion={discussion} onClose={close} />
        ) : null}
        {openModal === 'changeType' ? (
          <ChangeTypeModal discussion={discussion} onClose={close} />
        ) : null}
        {openModal === 'tag' ? (
          <TagDiscussionModal discussion={discussion} onClose={close} />
        ) : null}
        {openModal === 'announce' ? (
          <AnnounceModal discussion={discussion} onClose={close} />
        ) : null}
        {openModal === 'changeAuthor' ? (
          <ChangeAuthorModal discussion={discussion} onClose={close} />
        ) : null}
        {openModal === 'report' ? (
          <ReportModal recordType="discussion" recordID={discussion.discussionID} onClose={close} />
        ) : null}
        {openModal === 'addToCollection' ? (
          <CollectionsModal
            record={{ recordType: 'discussion', recordID: discussion.discussionID }}
            onClose={close}
          />
        ) : null}
      </Suspense>
    </>
  );
}
