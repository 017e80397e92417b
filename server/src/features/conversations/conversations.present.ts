import {
  CONVERSATION_PARTICIPANTS_SHOWN,
  NO_MESSAGES_BODY,
  type Conversation,
  type Message,
  type Participant,
} from '../../../../common/src/api/conversations.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { excerptOf } from '../../platform/content/render.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { MessageRow } from './conversation-messages.repo.ts';
import type { InboxRow, ParticipantRow } from './conversations.repo.ts';

/** The conversation's page (spec 000 §2 `/messages/{id}`), relative to the site. */
export function conversationPath(conversationID: number): string {
  return `/messages/${String(conversationID)}`;
}

/** A participant with the four user fields of api-contract §5 (when the user is known). */
export function presentParticipant(row: ParticipantRow, user: UserFragment | undefined): Participant {
  return {
    userID: row.userID,
    ...(user
      ? { user: { userID: user.userID, name: user.name, photoUrl: user.photoUrl, dateLastActive: user.dateLastActive ?? null } }
      : {}),
    status: row.status,
  };
}

/**
 * api-contract §5: the first 5 participants, the current user moved last (when they are one of
 * them): the others in the order they joined, then the viewer.
 */
export function shownParticipants(rows: readonly ParticipantRow[], viewerID: number): ParticipantRow[] {
  const viewer = rows.find((row) => row.userID === viewerID);
  const others = rows.filter((row) => row.userID !== viewerID);
  if (!viewer) return others.slice(0, CONVERSATION_PARTICIPANTS_SHOWN);
  return [...others.slice(0, CONVERSATION_PARTICIPANTS_SHOWN - 1), viewer];
}

export interface ConversationExtras {
  baseUrl: string;
  viewerID: number;
  participants: readonly ParticipantRow[];
  users: ReadonlyMap<number, UserFragment>;
  lastMessage: MessageRow | undefined;
  expand: { insertUser: boolean; lastInsertUser: boolean };
}

/** A conversation row → the Conversation object of api-contract §5. */
export function presentConversation(row: InboxRow, extras: ConversationExtras): Conversation {
  const shown = shownParticipants(extras.participants, extras.viewerID);
  // api-contract §5: without a subject the name is the participants' names (the others first).
  const names = shown
    .filter((participant) => participant.userID !== extras.viewerID || shown.length === 1)
    .map((participant) => extras.users.get(participant.userID)?.name)
    .filter((name): name is string => name !== undefined);
  const conversation: Conversation = {
    conversationID: row.conversationID,
    name: row.name !== null && row.name !== '' ? row.name : names.join(', '),
    body: extras.lastMessage?.bodyHtml ?? NO_MESSAGES_BODY,
    excerpt: extras.lastMessage ? excerptOf(extras.lastMessage.bodyPlainText) : NO_MESSAGES_BODY,
    url: `${extras.baseUrl}${conversationPath(row.conversationID)}`,
    dateInserted: toApiDate(row.dateInserted),
    insertUserID: row.insertUserID,
    countParticipants: row.countParticipants,
    participants: shown.map((participant) => presentParticipant(participant, extras.users.get(participant.userID))),
    countMessages: row.countMessages,
  };
  if (extras.expand.insertUser) {
    const user = extras.users.get(row.insertUserID);
    if (user) conversation.insertUser = user;
  }
  if (row.countReadMessages !== undefined) {
    const countUnread = Math.max(0, row.countMessages - row.countReadMessages);
    conversation.countUnread = countUnread;
    conversation.unread = countUnread > 0;
  }
  if (extras.lastMessage) {
    const { insertUserID, dateInserted } = extras.lastMessage;
    const insertUser = extras.expand.lastInsertUser ? extras.users.get(insertUserID) : undefined;
    conversation.lastMessage = { insertUserID, dateInserted: toApiDate(dateInserted), ...(insertUser ? { insertUser } : {}) };
  }
  return conversation;
}

/** A message row → the Message of api-contract §5. */
export function presentMessage(row: MessageRow, insertUser: UserFragment | undefined): Message {
  return {
    messageID: row.messageID,
    conversationID: row.conversationID,
    body: row.bodyHtml,
    insertUserID: row.insertUserID,
    ...(insertUser ? { insertUser } : {}),
    dateInserted: toApiDate(row.dateInserted),
  };
}
