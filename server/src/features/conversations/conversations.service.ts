import type { Conversation, Participant } from '../../../../common/src/api/conversations.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { findMessagesByID } from './conversation-messages.repo.ts';
import { enforceMessageFloodControl, writeMessage } from './conversation-messages.service.ts';
import { renderMessageBody, requireModeration, requireReadableConversation, requireSignedIn } from './conversations.access.ts';
import { canAddConversations } from './conversations.policy.ts';
import { presentConversation, presentParticipant, shownParticipants } from './conversations.present.ts';
import {
  addParticipants,
  findConversationByID,
  findConversationsStartedBy,
  findInbox,
  findLiveUserIDs,
  findParticipant,
  findParticipantsOf,
  findParticipantsPage,
  insertConversation,
  leaveConversation,
  type InboxRow,
} from './conversations.repo.ts';

type Expand = ReadonlySet<string> | undefined;

/** Rows → Conversation objects: participants, users and last messages loaded in batches. */
async function presentConversations(ctx: RequestContext, rows: readonly InboxRow[], expand: Expand): Promise<Conversation[]> {
  const flags = readExpand(expand, ['insertUser', 'lastInsertUser']);
  const viewerID = ctx.actor.userID;
  const participants = await findParticipantsOf(ctx.db, rows.map((row) => row.conversationID));
  const lastMessages = await findMessagesByID(ctx.db, rows.flatMap((row) => (row.lastMessageID === null ? [] : [row.lastMessageID])));
  const userIDs = new Set<number>();
  for (const row of rows) {
    for (const participant of shownParticipants(participants.get(row.conversationID) ?? [], viewerID)) userIDs.add(participant.userID);
    if (flags.insertUser) userIDs.add(row.insertUserID);
    const last = row.lastMessageID === null ? undefined : lastMessages.get(row.lastMessageID);
    if (last && flags.lastInsertUser) userIDs.add(last.insertUserID);
  }
  const users = await loadUserFragments(ctx, [...userIDs]);
  return rows.map((row) =>
    presentConversation(row, {
      baseUrl: ctx.config.baseUrl,
      viewerID,
      participants: participants.get(row.conversationID) ?? [],
      users,
      lastMessage: row.lastMessageID === null ? undefined : lastMessages.get(row.lastMessageID),
      expand: flags,
    }),
  );
}

/**
 * `GET /conversations` (api-contract §5): the current user's conversations, newest activity
 * first; another member's (`participantUserID`, `insertUserID`) only with moderation.
 * @throws AppError 403 guests, others' conversations without moderation.
 */
export async function listConversations(
  ctx: RequestContext,
  query: { insertUserID?: number | undefined; participantUserID?: number | undefined; page: number; limit?: number | undefined; expand?: Expand },
): Promise<{ conversations: Conversation[]; limit: number }> {
  requireSignedIn(ctx);
  const settings = await getSettings(ctx.db);
  const limit = query.limit ?? settings['conversations.conversations.perPage'];
  const page = { offset: (query.page - 1) * limit, limit };
  const me = ctx.actor.userID;
  let rows: InboxRow[];
  if (query.participantUserID === undefined && query.insertUserID !== undefined && query.insertUserID !== me) {
    await requireModeration(ctx);
    rows = await findConversationsStartedBy(ctx.db, query.insertUserID, page);
  } else {
    const participantUserID = query.participantUserID ?? me;
    if (participantUserID !== me) await requireModeration(ctx);
    rows = await findInbox(ctx.db, participantUserID, { insertUserID: query.insertUserID }, page);
    // The unread counts are the participant's; a moderator reading someone's inbox sees none.
    if (participantUserID !== me) rows = rows.map(withoutReadState);
  }
  return { conversations: await presentConversations(ctx, rows, query.expand), limit };
}

function withoutReadState(row: InboxRow): InboxRow {
  const copy = { ...row };
  delete copy.status;
  delete copy.countReadMessages;
  return copy;
}

/** One conversation as the current user sees it (their unread count when they take part). */
async function presentOne(ctx: RequestContext, conversationID: number, expand: Expand): Promise<Conversation> {
  const conversation = await findConversationByID(ctx.db, conversationID);
  if (!conversation) throw notFound('Conversation', { conversationID });
  const participant = await findParticipant(ctx.db, conversationID, ctx.actor.userID);
  const row: InboxRow =
    participant?.status === 'participating'
      ? { ...conversation, status: participant.status, countReadMessages: participant.countReadMessages }
      : conversation;
  const [presented] = await presentConversations(ctx, [row], expand);
  if (!presented) throw notFound('Conversation', { conversationID });
  return presented;
}

/**
 * `GET /conversations/{id}` (api-contract §5): for participants, or with moderation.
 * @throws AppError 403, 404 "Conversation not found."
 */
export async function getConversation(ctx: RequestContext, conversationID: number, expand?: Expand): Promise<Conversation> {
  await requireReadableConversation(ctx, conversationID);
  return presentOne(ctx, conversationID, expand);
}

/** The other live users a call names; the caller is dropped from the list. */
async function requireRecipients(ctx: RequestContext, userIDs: readonly number[]): Promise<number[]> {
  const others = [...new Set(userIDs)].filter((userID) => userID !== ctx.actor.userID);
  const live = await findLiveUserIDs(ctx.db, others);
  const missing = others.find((userID) => !live.has(userID));
  if (missing !== undefined) throw notFound('User', { userID: missing });
  return others;
}

/**
 * `POST /conversations` (api-contract §5): needs `conversations.add`; the author takes part with
 * `participantUserIDs`; `initialBody` becomes the first message.
 * @throws AppError 403, 404 "User not found.", 400 no one else named or body too long, 422, 429 flood.
 */
export async function createConversation(
  ctx: RequestContext,
  input: { participantUserIDs: number[]; initialBody?: string | undefined; initialFormat?: ContentFormat | undefined; name?: string | undefined },
): Promise<Conversation> {
  requireSignedIn(ctx);
  authorize(canAddConversations(ctx.permissions, ctx.actor.userID), { permissions: 'conversations.add' });
  const others = await requireRecipients(ctx, input.participantUserIDs);
  if (others.length === 0)
    throw fieldError('participantUserIDs', 'participantUserIDs must name someone other than you.', 400, 'minItems');
  const hasBody = input.initialBody !== undefined && input.initialBody.trim() !== '';
  const format = input.initialFormat ?? 'text';
  const rendered = hasBody ? await renderMessageBody(ctx, { body: input.initialBody ?? '', format }, 'initialBody') : undefined;
  if (rendered) await enforceMessageFloodControl(ctx);
  const now = nowIso(ctx.clock);
  const me = ctx.actor.userID;
  const { conversationID, messageID } = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertConversation(trx, { name: input.name?.trim() || null, insertUserID: me, dateInserted: now });
    await addParticipants(trx, id, [me, ...others], now);
    const message =
      rendered && input.initialBody !== undefined
        ? await writeMessage(trx, { conversationID: id, body: input.initialBody, format, rendered, insertUserID: me, dateInserted: now })
        : undefined;
    return { conversationID: id, messageID: message?.messageID };
  });
  if (messageID !== undefined) ctx.events.publish('messageAdded', { conversationID, messageID, insertUserID: me });
  return presentOne(ctx, conversationID, new Set(['insertUser']));
}

/**
 * `GET /conversations/{id}/participants` (api-contract §5): a numbered page.
 * @throws AppError 403, 404.
 */
export async function listParticipants(
  ctx: RequestContext,
  conversationID: number,
  query: { status: 'all' | 'participating' | 'deleted'; page: number; limit: number; expand?: Expand },
): Promise<{ participants: Participant[]; total: number }> {
  await requireReadableConversation(ctx, conversationID);
  const { rows, total } = await findParticipantsPage(ctx.db, conversationID, query.status, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const withUser = readExpand(query.expand, ['user']).user;
  const users = withUser ? await loadUserFragments(ctx, rows.map((row) => row.userID)) : new Map();
  return { participants: rows.map((row) => presentParticipant(row, users.get(row.userID))), total };
}

/**
 * `POST /conversations/{id}/participants` (api-contract §5): `conversations.add`, and taking part
 * (or moderation). Answers the participants added (people already in it are not repeated).
 * @throws AppError 403, 404 conversation or user.
 */
export async function addConversationParticipants(
  ctx: RequestContext,
  conversationID: number,
  participantUserIDs: number[],
): Promise<Participant[]> {
  await requireReadableConversation(ctx, conversationID);
  authorize(canAddConversations(ctx.permissions, ctx.actor.userID), { permissions: 'conversations.add' });
  const others = await requireRecipients(ctx, participantUserIDs);
  const now = nowIso(ctx.clock);
  const added = await ctx.db.transaction().execute((trx) => addParticipants(trx, conversationID, others, now));
  const users = await loadUserFragments(ctx, added);
  return added.map((userID) =>
    presentParticipant({ conversationID, userID, status: 'participating', countReadMessages: 0, dateInserted: now }, users.get(userID)),
  );
}

/**
 * `DELETE /conversations/{id}/leave` (api-contract §5): the current user stops taking part.
 * @throws AppError 403 guests, 404 "Conversation not found." (also when not taking part).
 */
export async function leaveConversationAsMe(ctx: RequestContext, conversationID: number): Promise<void> {
  requireSignedIn(ctx);
  const participant = await findParticipant(ctx.db, conversationID, ctx.actor.userID);
  if (participant?.status !== 'participating') throw notFound('Conversation', { conversationID });
  await ctx.db.transaction().execute((trx) => leaveConversation(trx, conversationID, ctx.actor.userID));
}

