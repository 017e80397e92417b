import { useState } from 'react';
import { displayLimits } from '../../../../../common/src/constants.ts';
import { has } from '../../../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../../../common/src/permissions/names.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Flyout } from '../../../components/Flyout.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { Tooltip } from '../../../components/Tooltip.tsx';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn, usePermissionSet } from '../../../lib/session.ts';
import type {
  ReactionRecordType,
  ReactionSummary,
  ReactionType,
} from '../../../../../common/src/api/reactions.ts';
import {
  useReactionLogQuery,
  useReactionTypesQuery,
  useToggleReactionMutation,
} from '../api/reactions.queries.ts';
import { ReactionIcon, VoteArrow } from './reaction-icons.tsx';
import { ReactionLogButton } from './ReactionLog.tsx';
import { applyReactionToggle, heldReaction, type ToggledReaction } from './reaction-toggle.ts';
import styles from './ReactionsBar.module.css';

export interface ReactionsBarProps {
  recordType: ReactionRecordType;
  recordID: number;
  reactions: readonly ReactionSummary[];
  score?: number | null | undefined;
  /** Up/Down vote counter (question and idea discussions). */
  hasVoteCounter?: boolean;
  /** spec 000 §6: the reactions area needs comments.add on the discussion (closed: discussions.close). */
  canReact: boolean;
  /** Called with the server's counts after a toggle, so cached records follow. */
  onChange?: (reactions: ReactionSummary[], score: number) => void;
}

const voteCodes = new Set(['up', 'down']);

function typeCode(type: ReactionType | ReactionSummary): string {
  return type.urlcode;
}

/**
 * A record's reactions (spec 000 §2, §4): counts as toggles, a picker with the types the user may
 * add, the Up/Down vote counter for votes, who-reacted tooltips (`reactions.view`) and the Log
 * (`community.moderate`). Toggles are optimistic and rolled back on failure.
 */
export function ReactionsBar({
  recordType,
  recordID,
  reactions: initialReactions,
  score: initialScore,
  hasVoteCounter = false,
  canReact,
  onChange,
}: ReactionsBarProps) {
  const permissions = usePermissionSet();
  const isSignedIn = useIsSignedIn();
  const reactionMutation = useToggleReactionMutation(recordType, recordID);
  const showError = useErrorToast();
  const [state, setState] = useState({
    reactions: [...initialReactions],
    score: initialScore ?? 0,
  });
  const [isBusy, setIsBusy] = useState(false);

  const can = (name: PermissionName) => has(permissions, name);
  const canAddClass = (reactionClass: string) =>
    reactionClass !== 'Flag' && can(`reactions.${reactionClass}.add` as PermissionName);
  const isAllowed =
    isSignedIn && canReact && (can('reactions.Positive.add') || can('reactions.Negative.add'));
  const typesQuery = useReactionTypesQuery(isAllowed);

  // spec 000 §5: reactions are shown only with the add permission.
  if (!isAllowed) {
    return null;
  }

  const types = (typesQuery.data ?? []).filter(
    (type) =>
      type.active !== false &&
      type.hidden !== true &&
      canAddClass(type.class) &&
      (typeCode(type).toLowerCase() !== 'promote' || can('curation.manage')),
  );
  const pickerTypes = types.filter((type) => !voteCodes.has(typeCode(type).toLowerCase()));
  const visibleCounts = state.reactions.filter(
    (reaction) =>
      reaction.count > 0 &&
      (reaction.class !== 'Flag' || can('community.moderate')) &&
      !(hasVoteCounter && voteCodes.has(reaction.urlcode.toLowerCase())),
  );

  const toggle = async (chosen: ToggledReaction) => {
    if (isBusy) return;
    const previous = state;
    const held = heldReaction(previous.reactions);
    const optimistic = applyReactionToggle(previous.reactions, chosen);
    const optimisticScore = previous.score + optimistic.scoreDelta;
    setState({ reactions: optimistic.reactions, score: optimisticScore });
    setIsBusy(true);
    try {
      const { reactions: next, score } = await reactionMutation.mutateAsync({
        urlcode: chosen.urlcode,
        replacesHeld: held !== undefined,
        isRemoval: optimistic.isRemoval,
        fallback: { reactions: optimistic.reactions, score: optimisticScore },
      });
      setState({ reactions: next, score });
      onChange?.(next, score);
    } catch (error) {
      setState(previous);
      showError(error);
    } finally {
      setIsBusy(false);
    }
  };

  const toggleType = (type: ReactionType | ReactionSummary) => {
    void toggle({
      tagID: type.tagID,
      urlcode: typeCode(type),
      name: type.name,
      class: type.class,
      reactionValue: type.reactionValue,
    });
  };

  const held = heldReaction(state.reactions);
  const upType = types.find((type) => typeCode(type).toLowerCase() === 'up');
  const downType = types.find((type) => typeCode(type).toLowerCase() === 'down');

  return (
    <div className={styles.bar} aria-busy={isBusy || undefined}>
      {hasVoteCounter && (upType !== undefined || downType !== undefined) ? (
        <div className={styles.votes} role="group" aria-label={t('Votes')}>
          {upType === undefined ? null : (
            <button
              type="button"
              className={styles.vote}
              aria-pressed={held?.urlcode.toLowerCase() === 'up'}
              aria-label={t('Vote Up')}
              disabled={isBusy}
              onClick={() => toggleType(upType)}
            >
              <VoteArrow direction="up" />
            </button>
          )}
          <span className={styles.score} aria-label={t('Score: {score}', { score: state.score })}>
            {state.score}
          </span>
          {downType === undefined ? null : (
            <button
              type="button"
              className={styles.vote}
              aria-pressed={held?.urlcode.toLowerCase() === 'down'}
              aria-label={t('Vote Down')}
              disabled={isBusy}
              onClick={() => toggleType(downType)}
            >
              <VoteArrow direction="down" />
            </button>
          )}
        </div>
      ) : null}
      <ul className={styles.counts} aria-label={t('Reactions')}>
        {visibleCounts.map((reaction) => (
          <li key={reaction.urlcode}>
            <ReactionCount
              recordType={recordType}
              recordID={recordID}
              reaction={reaction}
              isDisabled={isBusy || !canAddClass(reaction.class)}
              canViewWho={can('reactions.view') || can('community.moderate')}
              onToggle={() => toggleType(reaction)}
            />
          </li>
        ))}
      </ul>
      {/* Rendered while the types load too, so the server HTML and hydration agree. */}
      {typesQuery.data === undefined || pickerTypes.length > 0 ? (
        <Flyout
          label={t('Add Reaction')}
          align="left"
          buttonClassName={styles.pickerButton}
          buttonContent={
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="11" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="1.7" />
              <circle cx="8.5" cy="10.5" r="1.1" fill="currentColor" />
              <circle cx="13.5" cy="10.5" r="1.1" fill="currentColor" />
              <path
                d="M7.8 14.2c1.6 2 4.8 2 6.4 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
              <path
                d="M20 3v5M17.5 5.5h5"
                stroke="currentColor"
                strokeWidth="1.7"
                strokeLinecap="round"
              />
            </svg>
          }
        >
          {(close) => (
            <div className={styles.picker}>
              {typesQuery.data === undefined ? <Loader /> : null}
              {pickerTypes.map((type) => {
                const code = typeCode(type);
                const isHeld = held?.urlcode === code;
                return (
                  <button
                    key={code}
                    type="button"
                    className={styles.pickerItem}
                    aria-pressed={isHeld}
                    disabled={isBusy}
                    onClick={() => {
                      close();
                      toggleType(type);
                    }}
                  >
                    <ReactionIcon urlcode={code} name={type.name} />
                    <span className={styles.pickerLabel}>{type.name}</span>
                  </button>
                );
              })}
            </div>
          )}
        </Flyout>
      ) : null}
      {can('community.moderate') ? (
        <ReactionLogButton recordType={recordType} recordID={recordID} />
      ) : null}
    </div>
  );
}

interface ReactionCountProps {
  recordType: ReactionRecordType;
  recordID: number;
  reaction: ReactionSummary;
  isDisabled: boolean;
  canViewWho: boolean;
  onToggle: () => void;
}

function ReactionCount({
  recordType,
  recordID,
  reaction,
  isDisabled,
  canViewWho,
  onToggle,
}: ReactionCountProps) {
  const [isShown, setIsShown] = useState(false);
  const button = (
    <button
      type="button"
      className={styles.count}
      aria-pressed={reaction.hasReacted === true}
      disabled={isDisabled}
      onClick={onToggle}
    >
      <ReactionIcon urlcode={reaction.urlcode} name={reaction.name} />
      <span className="visually-hidden">{reaction.name}</span>{' '}
      <span className={styles.countNumber}>{reaction.count}</span>
    </button>
  );
  if (!canViewWho) return button;
  return (
    <Tooltip
      onShow={() => setIsShown(true)}
      content={
        <WhoReacted
          recordType={recordType}
          recordID={recordID}
          reaction={reaction}
          isEnabled={isShown}
        />
      }
    >
      {button}
    </Tooltip>
  );
}

interface WhoReactedProps {
  recordType: ReactionRecordType;
  recordID: number;
  reaction: ReactionSummary;
  isEnabled: boolean;
}

/**
 * Who reacted with one type (spec 000 §2): names up to 5 users; above 5, an avatar stack of at
 * most 5 then '+N' (spec 001 §9).
 */
export function WhoReacted({ recordType, recordID, reaction, isEnabled }: WhoReactedProps) {
  const query = useReactionLogQuery(recordType, recordID, reaction.urlcode, isEnabled);
  const users = (query.data ?? []).map((entry) => entry.user);
  if (query.isPending) {
    return <span>{reaction.name}</span>;
  }
  if (users.length > displayLimits.reactionAvatarStackAbove) {
    const shown = users.slice(0, displayLimits.reactionAvatarStackMax);
    const rest = Math.max(reaction.count, users.length) - shown.length;
    return (
      <span className={styles.who}>
        <span className={styles.whoTitle}>{reaction.name}</span>
        <span className={styles.stack}>
          {shown.map((user) => (
            <span key={user.userID} className={styles.stackItem}>
              <Avatar photoUrl={user.photoUrl} name={user.name} size="xsmall" />
            </span>
          ))}
          {rest > 0 ? <span className={styles.more}>{t('+{count}', { count: rest })}</span> : null}
        </span>
      </span>
    );
  }
  return (
    <span className={styles.who}>
      <span className={styles.whoTitle}>{reaction.name}</span>
      <span>{users.map((user) => user.name).join(', ')}</span>
    </span>
  );
}
