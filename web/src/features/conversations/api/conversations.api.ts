import type {
  Conversation,
  CreateConversationBody,
  CreateMessageBody,
  Message,
} from '../../../../../common/src/api/conversations.ts';
import type { UserFragment } from '../../../../../common/src/api/users.ts';
import { api, apiRequest, type Paging } from '../../../lib/api.ts';

/** A page of the inbox and its paging headers (a "more" pager). */
export interface ConversationPage {
  conversations: Conversation[];
  paging: Paging;
}

/** `GET /conversations` (api-contract §5): the current user's, newest activity first. */
export async function fetchConversations(page: number, limit: number): Promise<ConversationPage> {
  const response = await apiRequest<Conversation[]>('/conversations', {
    query: { page, limit, expand: 'lastInsertUser' },
  });
  return { conversations: response.data, paging: response.paging };
}

/** `GET /conversations/{id}`. */
export function fetchConversation(conversationID: number): Promise<Conversation> {
  return api.get<Conversation>(`/conversations/${conversationID}`);
}

/** A page of a conversation's messages (newest first, as the API answers) and its paging. */
export interface MessagePage {
  messages: Message[];
  paging: Paging;
}

/** `GET /messages?conversationID=` (api-contract §5); reading page 1 marks the conversation read. */
export async function fetchMessages(conversationID: number, page: number, limit: number): Promise<MessagePage> {
  const response = await apiRequest<Message[]>('/messages', {
    query: { conversationID, page, limit, expand: 'insertUser' },
  });
  return { messages: response.data, paging: response.paging };
}

/** `POST /messages`. */
export function postMessage(body: CreateMessageBody): Promise<Message> {
  return api.post<Message>('/messages', body);
}

/** `POST /conversations`. */
export function postConversation(body: CreateConversationBody): Promise<Conversation> {
  return api.post<Conversation>('/conversations', body);
}

/** `DELETE /conversations/{id}/leave`. */
export async function leaveConversation(conversationID: number): Promise<void> {
  await api.delete<null>(`/conversations/${conversationID}/leave`);
}

/** The users named exactly (`GET /users/by-names`), for recipients prefilled from a link. */
export async function fetchUsersByExactName(names: readonly string[]): Promise<UserFragment[]> {
  const found = await Promise.all(
    names.map((name) => api.get<UserFragment[]>('/users/by-names/', { query: { name, limit: 5 } })),
  );
  return found.flatMap((users, index) => {
    const wanted = names[index]?.toLowerCase();
    return users.filter((user) => user.name.toLowerCase() === wanted).slice(0, 1);
  });
}
