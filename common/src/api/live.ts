import { z } from 'zod';
import { idSchema } from './common.ts';
import { commentSchema } from './comments.ts';
import { notificationSchema } from './notifications.ts';

// Issue 13, ARCHITECTURE "Live updates": `GET /api/v2/events`, a Server-Sent Events stream of the
// signed-in user's new notifications (and unread counts), their new private messages, and the new
// comments of the discussion being read.

/** `GET /events` query. `lastEventID` stands in for the `Last-Event-ID` header (clients that cannot set it). */
export const liveEventsQuerySchema = z.object({
  discussionID: idSchema.optional(),
  lastEventID: z.string().max(100).optional(),
});
export type LiveEventsQuery = z.input<typeof liveEventsQuerySchema>;

/** The stream's opening event: what it carries and the unread count at that moment. */
export const liveReadySchema = z.object({
  userID: z.number().int(),
  discussionID: z.number().int().nullable(),
  countUnreadNotifications: z.number().int(),
});

/** `notificationCount`: the unread notifications (a batch counting once), after a change. */
export const liveNotificationCountSchema = z.object({ countUnreadNotifications: z.number().int() });

/** `message`: a new private message in one of the user's conversations. */
export const liveMessageSchema = z.object({
  conversationID: z.number().int(),
  messageID: z.number().int(),
  insertUserID: z.number().int(),
});

/** Every event of the stream, by name (`event:` line), with its `data:` JSON. */
export const liveEventSchemas = {
  ready: liveReadySchema,
  notification: notificationSchema,
  notificationCount: liveNotificationCountSchema,
  comment: commentSchema,
  message: liveMessageSchema,
} as const;
export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEventData<K extends LiveEventName> = z.infer<(typeof liveEventSchemas)[K]>;

/** The stream's media type. */
export const LIVE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';
