import type { ReactionClass, ReactionSummary } from '../../../../../common/src/api/reactions.ts';

/** The fields of a reaction type the toggle needs. */
export interface ToggledReaction {
  tagID: number;
  urlcode: string;
  name: string;
  class: ReactionClass;
  reactionValue?: number | undefined;
}

/** The user's reaction on a record, if any (a user holds at most one, api-contract §10). */
export function heldReaction(reactions: readonly ReactionSummary[]): ReactionSummary | undefined {
  return reactions.find((reaction) => reaction.hasReacted === true);
}

/**
 * The optimistic result of a toggle (spec 000 §4): the user's existing reaction is removed; the
 * chosen one is added unless it was the one removed; zero counts are dropped (spec 001 §9).
 * `scoreDelta` is what the record's score moves by (votes carry a reaction value).
 */
export function applyReactionToggle(
  reactions: readonly ReactionSummary[],
  chosen: ToggledReaction,
): { reactions: ReactionSummary[]; scoreDelta: number; isRemoval: boolean } {
  const held = heldReaction(reactions);
  const isRemoval = held?.urlcode === chosen.urlcode;
  let scoreDelta = 0;
  let next = reactions.map((reaction) => {
    if (reaction !== held) return reaction;
    scoreDelta -= reaction.reactionValue ?? 0;
    return { ...reaction, count: reaction.count - 1, hasReacted: false };
  });
  if (!isRemoval) {
    scoreDelta += chosen.reactionValue ?? 0;
    const existing = next.find((reaction) => reaction.urlcode === chosen.urlcode);
    next = existing
      ? next.map((reaction) =>
          reaction === existing
            ? { ...reaction, count: reaction.count + 1, hasReacted: true }
            : reaction,
        )
      : [
          ...next,
          {
            tagID: chosen.tagID,
            urlcode: chosen.urlcode,
            name: chosen.name,
            class: chosen.class,
            reactionValue: chosen.reactionValue,
            count: 1,
            hasReacted: true,
          },
        ];
  }
  return { reactions: next.filter((reaction) => reaction.count > 0), scoreDelta, isRemoval };
}
