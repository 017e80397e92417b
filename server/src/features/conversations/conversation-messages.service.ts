import type { Message } from '../../../../common/src/api/conversations.ts';
import { NOT_A_PARTICIPANT_MESSAGE } from '../../../../common/src/api/conversations.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import type { RenderedContent } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { enforceFloodControl } from '../../platform/flood-control.ts';
import { getSettings } from '../config/config.service.ts';
import { loadUserFragments } from '../users/users.service.ts';
import {
  countMessages,
  findMessageByID,
  findMessages,
  insertMessage,
  type MessageRow,
} from './conversation-messages.repo.ts';
import { renderMessageBody, requireModeration, requireReadableConversation, requireSignedIn } from './conversations.access.ts';
import { isExemptFromMessageFloodControl } from './conversations.policy.ts';
import { presentMessage } from './conversations.present.ts';
import { findConversationByID, findParticipant, markConversationRead, recordMessage } from './conversations.repo.ts';

/**
 * Writes a rendered message and its conversation's counters (inside the caller's transaction):
 * last message, every participant's inbox order, the author's read count.
 */
export async function writeMessage(
  trx: Db,
  input: { conversationID: number; body: string; format: ContentFormat; rendered: RenderedContent; insertUserID: number; dateInserted: string },
): Promise<MessageRow> {
  const message = await insertMessage(trx, {
    conversationID: input.conversationID,
    body: input.body,
    format: input.format,
    bodyHtml: input.rendered.html,
    bodyPlainText: input.rendered.plainText,
    insertUserID: input.insertUserID,
    dateInserted: input.dateInserted,
  });
  await recordMessage(trx, message);
  return message;
}

async function present(ctx: RequestContext, rows: readonly MessageRow[], withUser: boolean): Promise<Message[]> {
  const users = withUser ? await loadUserFragments(ctx, rows.map((row) => row.insertUserID)) : new Map();
  return rows.map((row) => presentMessage(row, users.get(row.insertUserID)));
}

/**
 * `GET /messages` (api-contract §5): a conversation's messages (participants, moderation) or a
 * member's (their own; others' with moderation), newest first. A participant reading the first
 * page has read the conversation (its unread count drops to 0).
 * @throws AppError 400 when neither conversationID nor insertUserID is given, 403, 404.
 */
export async function listMessages(
  ctx: RequestContext,
  query: { conversationID?: number | undefined; insertUserID?: number | undefined; page: number; limit: number; expand?: ReadonlySet<string> | undefined },
): Promise<{ messages: Message[]; total: number }> {
  requireSignedIn(ctx);
  if (query.conversationID === undefined && query.insertUserID === undefined)
    throw fieldError('conversationID', 'One of conversationID or insertUserID is required.', 400, 'missingField');
  const filter = { conversationID: query.conversationID, insertUserID: query.insertUserID };
  if (query.conversationID !== undefined) {
    const { participant } = await requireReadableConversation(ctx, query.conversationID);
    if (participant && query.page === 1) await markConversationRead(ctx.db, query.conversationID, ctx.actor.userID);
  } else if (query.insertUserID !== ctx.actor.userID) {
    await requireModeration(ctx);
  }
  const rows = await findMessages(ctx.db, filter, { offset: (query.page - 1) * query.limit, limit: query.limit });
  const total = await countMessages(ctx.db, filter);
  return { messages: await present(ctx, rows, readExpand(query.expand, ['insertUser']).insertUser), total };
}

/**
 * `GET /messages/{id}` (api-contract §5): for the conversation's participants, or with moderation.
 * @throws AppError 403, 404 "Message not found."
 */
export async function getMessage(ctx: RequestContext, messageID: number, expand?: ReadonlySet<string>): Promise<Message> {
  requireSignedIn(ctx);
  const row = await findMessageByID(ctx.db, messageID);
  if (!row) throw notFound('Message', { messageID });
  await requireReadableConversation(ctx, row.conversationID);
  const [message] = await present(ctx, [row], readExpand(expand, ['insertUser']).insertUser);
  if (!message) throw notFound('Message', { messageID });
  return message;
}

/**
 * api-contract §1.13: flood control "also applies to conversations/messages"; messages count
 * against the comments' rule (`floodControl.comments.*`), moderators exempt.
 * @throws AppError 429 with the contract's message.
 */
export async function enforceMessageFloodControl(ctx: RequestContext): Promise<void> {
  if (isExemptFromMessageFloodControl(ctx.permissions)) return;
  const settings = await getSettings(ctx.db);
  await enforceFloodControl(
    ctx.db,
    `messages:${String(ctx.actor.userID)}`,
    {
      count: settings['floodControl.comments.count'],
      seconds: settings['floodControl.comments.seconds'],
      lockSeconds: settings['floodControl.comments.lockSeconds'],
    },
    ctx.clock(),
  );
}

/**
 * `POST /messages` (api-contract §5): a participant writes in the conversation; the others are
 * notified by the `messageAdded` event's job.
 * @throws AppError 400 "You can not add a message to a conversation that you are not a
 *   participant of." and body too long, 403 guests, 404 "Conversation not found.", 422, 429 flood.
 */
export async function createMessage(
  ctx: RequestContext,
  input: { conversationID: number; body: string; format: ContentFormat },
): Promise<Message> {
  requireSignedIn(ctx);
  const conversation = await findConversationByID(ctx.db, input.conversationID);
  if (!conversation) throw notFound('Conversation', { conversationID: input.conversationID });
  const participant = await findParticipant(ctx.db, input.conversationID, ctx.actor.userID);
  if (participant?.status !== 'participating') throw new AppError(400, NOT_A_PARTICIPANT_MESSAGE);
  const rendered = await renderMessageBody(ctx, input, 'body');
  await enforceMessageFloodControl(ctx);
  const now = nowIso(ctx.clock);
  const message = await ctx.db.transaction().execute((trx) =>
    writeMessage(trx, { ...input, rendered, insertUserID: ctx.actor.userID, dateInserted: now }),
  );
  ctx.events.publish('messageAdded', {
    conversationID: message.conversationID,
    messageID: message.messageID,
    insertUserID: message.insertUserID,
  });
  const [presented] = await present(ctx, [message], true);
  if (!presented) throw notFound('Message', { messageID: message.messageID });
  return presented;
}
