import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { LIVE_CONTENT_TYPE, liveEventsQuerySchema } from '../../../../common/src/api/live.ts';
import { AppError } from '../../platform/errors.ts';
import { LiveHub } from './live.hub.ts';
import { hasNothingToStream } from './live.policy.ts';
import { catchUp, openLiveStream } from './live.service.ts';
import { LiveStream } from './live.stream.ts';
import { subscribeLive } from './live.subscribers.ts';

/** A browser reconnects this long after a stream ends (the `retry:` line). */
const RETRY_MS = 3000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's open event streams (features/live); tests call `app.live.beat()`. */
    live: LiveHub;
  }
}

/**
 * Starts live updates on an app: the hub of open streams (heartbeats every 25 s, at most 10,000
 * streams per process), its event subscriptions, and shutdown (streams end before the server
 * closes, or it would wait for them).
 */
export function startLive(app: FastifyInstance): LiveHub {
  const hub = new LiveHub({ maxStreams: 10_000, heartbeatMs: 25_000 });
  app.decorate('live', hub);
  const unsubscribe = subscribeLive(app.deps, hub, app.log);
  app.addHook('onReady', async () => {
    hub.start();
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.close();
  });
  return hub;
}

/** `GET /api/v2/events` (issue 13): the Server-Sent Events stream. */
export function liveRoutes(hub: LiveHub) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/events',
      {
        schema: {
          tags: ['live'],
          querystring: liveEventsQuerySchema,
          response: {
            200: z.string().describe(`${LIVE_CONTENT_TYPE}: events ready, notification, notificationCount, comment, message`),
            204: z.null().describe('a guest without a discussion: nothing to stream (an EventSource stops reconnecting)'),
            403: errorSchema,
            404: errorSchema,
            406: errorSchema,
            422: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        // An EventSource asks for the stream; any other client (a JSON fetch) gets an error, not an endless answer.
        if (!(request.headers.accept ?? '').includes('text/event-stream')) {
          throw new AppError(406, 'This call answers text/event-stream only.');
        }
        if (hasNothingToStream(request.ctx.actor.userID, request.query.discussionID)) {
          return reply.code(204).send(null);
        }
        hub.assertRoom();
        const header = request.headers['last-event-id'];
        const start = await openLiveStream(request.ctx, request.query, typeof header === 'string' ? header : request.query.lastEventID);
        reply.hijack();
        const stream = new LiveStream(reply.raw, { ctx: request.ctx, discussionID: start.discussionID, cursor: start.cursor });
        hub.add(stream);
        stream.open(RETRY_MS, LIVE_CONTENT_TYPE);
        stream.send('ready', {
          userID: request.ctx.actor.userID,
          discussionID: start.discussionID,
          countUnreadNotifications: start.countUnreadNotifications,
        });
        if (header !== undefined || request.query.lastEventID !== undefined) {
          await stream.enqueue(() => catchUp(stream), (error) => request.log.warn({ err: error }, 'A live stream could not catch up.'));
        }
      },
    );
  };
}
