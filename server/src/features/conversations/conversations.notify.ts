import { z } from 'zod';
import type { AppDeps } from '../../http/context.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { registerJob, type JobServices } from '../../platform/jobs/registry.ts';
import { deliverDirectNotification } from '../notifications/notifications.direct.ts';
import { withoutIgnorers } from '../user-ignores/user-ignores.service.ts';
import { findMessageByID } from './conversation-messages.repo.ts';
import { conversationPath } from './conversations.present.ts';
import { findConversationByID, findParticipantsOf } from './conversations.repo.ts';

/** The job that notifies a message's conversation (activity ConversationMessage, api-contract §6). */
export const NOTIFY_CONVERSATION_MESSAGE_JOB = 'notifyConversationMessage';

const payloadSchema = z.object({ messageID: z.number().int() });

/**
 * Notifies the conversation's other participants of a message, each per their
 * `ConversationMessage` preferences; those who ignore the author are not told.
 */
export async function notifyConversationMessage(messageID: number, services: JobServices): Promise<void> {
  const { db } = services;
  const message = await findMessageByID(db, messageID);
  if (!message) return;
  const conversation = await findConversationByID(db, message.conversationID);
  if (!conversation) return;
  const participants = (await findParticipantsOf(db, [conversation.conversationID])).get(conversation.conversationID) ?? [];
  const others = participants
    .filter((participant) => participant.status === 'participating' && participant.userID !== message.insertUserID)
    .map((participant) => participant.userID);
  const recipientIDs = await withoutIgnorers(db, message.insertUserID, others);
  await deliverDirectNotification(services, {
    activityType: 'ConversationMessage',
    recipientIDs,
    actorUserID: message.insertUserID,
    recordType: 'message',
    recordID: message.messageID,
    url: conversationPath(conversation.conversationID),
    subjectName: conversation.name ?? 'a private conversation',
    // Several messages of one conversation are one notification with their count.
    batchKey: `ConversationMessage:conversation:${String(conversation.conversationID)}`,
    dedupeKey: `message:${String(message.messageID)}`,
  });
}

registerJob(NOTIFY_CONVERSATION_MESSAGE_JOB, {
  schema: payloadSchema,
  handler: async (payload, run) => notifyConversationMessage(payload.messageID, run.services),
});

/**
 * Subscribes conversations to their own events: each message of this process enqueues its
 * notifying job (events from other processes are theirs to enqueue). Returns the unsubscribe function.
 */
export function subscribeConversations(deps: AppDeps, log: { error(details: object, message: string): void }): () => void {
  return deps.events.subscribe('messageAdded', async (event, { remote }) => {
    if (remote) return;
    try {
      await enqueueJob(deps.db, NOTIFY_CONVERSATION_MESSAGE_JOB, { messageID: event.messageID }, { clock: deps.clock });
    } catch (error) {
      log.error({ err: error, event }, 'Message notifications could not be queued.');
    }
  });
}
