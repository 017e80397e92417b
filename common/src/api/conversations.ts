import { z } from 'zod';
import {
  bodyIDSchema,
  dateTime,
  expandParam,
  idSchema,
  limitParam,
  pageParam,
  pathIDSchema,
  queryInt,
} from './common.ts';
import { contentFormatSchema } from './content.ts';
import { userFragmentSchema } from './users.ts';

// api-contract §5: private conversations and messages; and the ignore list (issue 13).

/** The body of a conversation without messages (api-contract §5). */
export const NO_MESSAGES_BODY = 'No messages.';

/** api-contract §5: POST /messages by someone outside the conversation (400). */
export const NOT_A_PARTICIPANT_MESSAGE =
  'You can not add a message to a conversation that you are not a participant of.';

/** api-contract §5: moderation of others' conversations without `conversations.moderation.allow` (403). */
export const MODERATION_NOT_CONFIGURED_MESSAGE = 'The site is not configured for moderating conversations.';

/** Participants shown on a conversation (api-contract §5: the first 5, the current user last). */
export const CONVERSATION_PARTICIPANTS_SHOWN = 5;

export const participantStatuses = ['participating', 'deleted'] as const;
export type ParticipantStatus = (typeof participantStatuses)[number];

/** A participant's user: the four fields of api-contract §5. */
export const participantUserSchema = z.object({
  userID: z.number().int(),
  name: z.string(),
  photoUrl: z.string(),
  dateLastActive: dateTime.nullable(),
});

/** A participant of a conversation (api-contract §5). */
export const participantSchema = z.object({
  userID: z.number().int(),
  user: participantUserSchema.optional(),
  status: z.enum(participantStatuses),
});
export type Participant = z.infer<typeof participantSchema>;

/** The Conversation object (api-contract §5). */
export const conversationSchema = z.object({
  conversationID: z.number().int(),
  name: z.string(),
  body: z.string(),
  excerpt: z.string().optional(),
  url: z.string(),
  dateInserted: dateTime,
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema.optional(),
  countParticipants: z.number().int(),
  participants: z.array(participantSchema).optional(),
  countMessages: z.number().int(),
  unread: z.boolean().optional(),
  countUnread: z.number().int().optional(),
  lastMessage: z
    .object({
      insertUserID: z.number().int(),
      dateInserted: dateTime,
      insertUser: userFragmentSchema.optional(),
    })
    .optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A Message (api-contract §5); `body` is the sanitized HTML. */
export const messageSchema = z.object({
  messageID: z.number().int(),
  conversationID: z.number().int(),
  body: z.string(),
  insertUserID: z.number().int(),
  insertUser: userFragmentSchema.optional(),
  dateInserted: dateTime,
});
export type Message = z.infer<typeof messageSchema>;

/** The most conversations, messages or participants one page holds. */
export const CONVERSATIONS_MAX_LIMIT = 100;

/** `GET /conversations`; the default limit is the setting `conversations.conversations.perPage`. */
export const conversationListQuerySchema = z.object({
  insertUserID: idSchema.optional(),
  participantUserID: idSchema.optional(),
  page: pageParam,
  limit: queryInt(1, CONVERSATIONS_MAX_LIMIT).optional(),
  expand: expandParam(['insertUser', 'lastInsertUser']).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

export const conversationIDParamsSchema = z.object({ id: pathIDSchema('Conversation') });
export const messageIDParamsSchema = z.object({ id: pathIDSchema('Message') });

/** At most this many people are added to a conversation by one call. */
export const MAX_PARTICIPANTS_PER_CALL = 50;

const participantUserIDs = z.array(bodyIDSchema).min(1).max(MAX_PARTICIPANTS_PER_CALL);

/** `POST /conversations` (api-contract §5). */
export const createConversationBodySchema = z.object({
  participantUserIDs,
  initialBody: z.string().optional(),
  initialFormat: contentFormatSchema.optional(),
  name: z.string().trim().max(255).optional(),
});
export type CreateConversationBody = z.input<typeof createConversationBodySchema>;

/** `GET /conversations/{id}/participants` (api-contract §5). */
export const participantListQuerySchema = z.object({
  status: z.enum(['all', ...participantStatuses]).default('participating'),
  page: pageParam,
  limit: queryInt(5, CONVERSATIONS_MAX_LIMIT).default(5),
  expand: expandParam(['user']).optional(),
});

/** `POST /conversations/{id}/participants` (api-contract §5). */
export const addParticipantsBodySchema = z.object({ participantUserIDs });

/** `GET /messages` (api-contract §5): one of `conversationID`, `insertUserID` is required. */
export const messageListQuerySchema = z.object({
  conversationID: idSchema.optional(),
  insertUserID: idSchema.optional(),
  page: pageParam,
  limit: limitParam(50, CONVERSATIONS_MAX_LIMIT),
  expand: expandParam(['insertUser']).optional(),
});

export const messageGetQuerySchema = z.object({ expand: expandParam(['insertUser']).optional() });

/** `POST /messages` (api-contract §5); the body's length is bounded by `conversations.message.maxLength`. */
export const createMessageBodySchema = z.object({
  conversationID: bodyIDSchema,
  body: z.string().min(1),
  format: contentFormatSchema,
});
export type CreateMessageBody = z.input<typeof createMessageBodySchema>;

// ---------------------------------------------------------------------------------------------
// Ignore list (issue 13; docs/decisions.md "Conversations and the ignore list")

/** `GET`/`PUT /users/{id}/ignore`: whether the current user ignores the user. */
export const ignoreStateSchema = z.object({ userID: z.number().int(), ignored: z.boolean() });
export type IgnoreState = z.infer<typeof ignoreStateSchema>;

/** Refused: ignoring oneself (400). */
export const IGNORE_SELF_MESSAGE = 'You cannot ignore yourself.';
/** Refused: ignoring staff (a moderator or higher) or someone of higher rank (403, Vanilla's Ignore plugin). */
export const IGNORE_STAFF_MESSAGE = "You can't ignore that person.";
