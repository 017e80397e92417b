import { MODERATION_NOT_CONFIGURED_MESSAGE } from '../../../../common/src/api/conversations.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { authorize } from '../../permissions/authorize.ts';
import { renderBody, type RenderedContent } from '../../platform/content/render.ts';
import { AppError, fieldError, notFound, permissionError, validationError } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { canUseConversations, conversationModerationRefusal } from './conversations.policy.ts';
import { findConversationByID, findParticipant, findParticipantsOf, type ConversationRow, type ParticipantRow } from './conversations.repo.ts';

// Who may read a conversation, and the checks every conversation call shares.

/** @throws AppError 403 for guests. */
export function requireSignedIn(ctx: RequestContext): void {
  authorize(canUseConversations(ctx.permissions, ctx.actor.userID), { permissions: 'session.valid' });
}

/**
 * api-contract §5: others' conversations need `conversations.moderation.allow` and
 * `conversations.moderate`.
 * @throws AppError 403 "The site is not configured for moderating conversations." or the permission error.
 */
export async function requireModeration(ctx: RequestContext): Promise<void> {
  const settings = await getSettings(ctx.db);
  const refusal = conversationModerationRefusal(ctx.permissions, settings['conversations.moderation.allow']);
  if (refusal === 'notConfigured') throw new AppError(403, MODERATION_NOT_CONFIGURED_MESSAGE);
  if (refusal) throw permissionError([refusal]);
}

/** A conversation the current user may read, with their participation when they take part. */
export interface ReadableConversation {
  conversation: ConversationRow;
  participant: ParticipantRow | undefined;
}

/**
 * The conversation, for a participant (still taking part) or a moderator (api-contract §5).
 * @throws AppError 403 (guests; others without moderation), 404 "Conversation not found."
 */
export async function requireReadableConversation(ctx: RequestContext, conversationID: number): Promise<ReadableConversation> {
  requireSignedIn(ctx);
  const conversation = await findConversationByID(ctx.db, conversationID);
  if (!conversation) throw notFound('Conversation', { conversationID });
  const participant = await findParticipant(ctx.db, conversationID, ctx.actor.userID);
  if (participant?.status === 'participating') return { conversation, participant };
  await requireModeration(ctx);
  return { conversation, participant: undefined };
}

/**
 * Renders a message body and holds it to `conversations.message.maxLength` (api-contract §5,
 * spec 001 `Conversations.Message.MaxLength`, default 2000 characters of text).
 * @throws AppError 400 on `field` when too long or empty, 422 for a malformed body.
 */
export async function renderMessageBody(
  ctx: RequestContext,
  input: { body: string; format: ContentFormat },
  field: string,
): Promise<RenderedContent> {
  const settings = await getSettings(ctx.db);
  const maxLength = settings['conversations.message.maxLength'];
  const characters = [...input.body].length;
  // The source is bounded first, so a huge body is refused before it is rendered.
  if (input.format !== 'rich' && input.format !== 'rich2' && characters > maxLength)
    throw fieldError(field, `${field} is ${String(characters - maxLength)} characters too long.`, 400, 'maxLength');
  let rendered: RenderedContent;
  try {
    rendered = await renderBody(ctx, input);
  } catch (error) {
    if (error instanceof AppError && field !== 'body') throw renameField(error, field);
    throw error;
  }
  const length = [...rendered.plainText].length;
  if (length > maxLength)
    throw fieldError(field, `${field} is ${String(length - maxLength)} characters too long.`, 400, 'maxLength');
  return rendered;
}

function renameField(error: AppError, field: string): AppError {
  if (!error.errors) return error;
  return validationError(
    error.errors.map((item) =>
      item.field === 'body' ? { ...item, field, message: item.message.replace(/^body\b/, field) } : item,
    ),
  );
}

/** The users still taking part in a conversation (live updates tell them of its new messages). */
export async function participatingUserIDs(db: Db, conversationID: number): Promise<number[]> {
  const participants = (await findParticipantsOf(db, [conversationID])).get(conversationID) ?? [];
  return participants.filter((participant) => participant.status === 'participating').map((participant) => participant.userID);
}
