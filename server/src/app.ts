import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.ts';
import type { DatabaseHandle } from './platform/db/db.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { AppError } from './platform/errors.ts';
import { registerErrorHandlers, sendError } from './http/errors.ts';
import { zodValidatorCompiler } from './http/validation.ts';
import { guardRequest, redactUrl, resolveActor } from './http/actor.ts';
import { schemaSerializerCompiler } from './http/serializer.ts';
import { parseQueryString } from './http/query-string.ts';
import { registerGuestCache } from './http/guest-cache.ts';
import { auditRequestOf } from './http/audit-request.ts';
import { configForRequest } from './http/origin.ts';
import { GuestCache } from './platform/guest-cache.ts';
import { flushDiscussionViews } from './features/discussions/discussions.views.ts';
import { loadOrCreateSecret } from './platform/secrets.ts';
import { EventBus, type EventTransport } from './platform/events/bus.ts';
import { invalidateSettings } from './features/config/config.service.ts';
import { JobWorker } from './platform/jobs/worker.ts';
import { onJobEnqueued } from './platform/jobs/enqueue.ts';
import { scheduleRecurringJobs } from './platform/jobs/schedules.ts';
import { guestActor, type AppDeps, type RequestContext } from './http/context.ts';
import { loadPermissionSet } from './permissions/permission-set.ts';
import { emptyPermissionSet } from './permissions/build-permission-set.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { registerPages } from './http/pages.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { accountsRoutes } from './features/auth/accounts.routes.ts';
import { tokensRoutes } from './features/tokens/tokens.routes.ts';
import { rolesRoutes } from './features/roles/roles.routes.ts';
import { userPermissionsRoutes } from './features/users/users.permissions.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { uploadsStaticRoutes } from './platform/uploads.ts';
import { feedsRoutes } from './features/feeds/feeds.routes.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { discussionsRoutes } from './features/discussions/discussions.routes.ts';
import { commentsRoutes } from './features/comments/comments.routes.ts';
import { reactionsRoutes } from './features/reactions/reactions.routes.ts';
import { tagsRoutes } from './features/tags/tags.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { layoutsRoutes } from './features/layouts/layouts.routes.ts';
import { callsRoutes } from './features/calls/calls.routes.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { collectionsRoutes } from './features/collections/collections.routes.ts';
import { subscribeNotifications } from './features/notifications/notifications.subscribers.ts';
// Registers the recurring digest job (issue 13).
import './features/notifications/notifications.digest.ts';
import { conversationsRoutes } from './features/conversations/conversations.routes.ts';
import { subscribeConversations } from './features/conversations/conversations.notify.ts';
import { userIgnoresRoutes } from './features/user-ignores/user-ignores.routes.ts';
import { notificationPreferencesRoutes } from './features/notification-preferences/notification-preferences.routes.ts';
import { liveRoutes, startLive } from './features/live/live.routes.ts';
import { logsRoutes } from './features/logs/logs.routes.ts';
import { auditLogsRoutes } from './features/audit-logs/audit-logs.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { draftsRoutes } from './features/drafts/drafts.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { escalationsRoutes } from './features/escalations/escalations.routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  /** Fastify's logger; tests pass false. Defaults to JSON logs at config.logLevel. */
  logger?: boolean;
  /** Where log lines go (main.ts: a non-blocking output, platform/log-output.ts); default stdout. */
  logStream?: { write(line: string): void };
  /** Directory of the built web app (`dist`); pages are served only when it holds a build. */
  distDir?: string;
  /** The time source of throttles (default `Date.now`); tests pass one they move. */
  clock?: () => number;
  /**
   * Carries domain events to the other processes (main.ts: LISTEN/NOTIFY on PostgreSQL, the
   * cluster's IPC on SQLite with several workers); absent, events stay in this process.
   */
  eventTransport?: EventTransport;
}

/** A registered API route, recorded for the OpenAPI/contract test. */
export interface RouteRecord {
  method: string;
  url: string;
  hasRequestSchema: boolean;
  hasResponseSchema: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Contract §1.2: endpoints exempt from the CSRF rule (`POST /users/register`, confirm-email). */
    csrfExempt?: boolean;
    /** Reachable by a banned user (sign-out). */
    allowBanned?: boolean;
    /** Answers without looking up the actor (health checks must not need the database's tables). */
    anonymous?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    apiRoutes: RouteRecord[];
    /** This process's job worker (platform/jobs); tests call `app.jobs.drain()`. */
    jobs: JobWorker;
  }
}

declare module './platform/jobs/registry.ts' {
  // Job handlers receive the app's dependencies, and the guest cache to empty after a write.
  interface JobServices extends AppDeps {
    guestCache?: GuestCache;
  }
}

const API_PREFIX = '/api/v2';
const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Builds the Fastify application without listening: main.ts listens, tests use `inject()`.
 * The database must already be migrated (see `prepareDatabase`).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: {
              // Secrets in query strings (?access_token=, ?transientKey=) never reach the logs.
              req: (request: { method: string; url: string; host: string; ip: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-transient-key"]',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Errors the router raises before any hook (a malformed URL): still the contract's body.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, new AppError(400, 'The request URL is malformed.', { description: error.message }));
    },
    // Requests arriving during shutdown get the contract's 503 (http/errors.ts), not Fastify's body.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: 500,
      querystringParser: parseQueryString,
    },
  });

  const deps: AppDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.adminEmail }),
    secret: await loadOrCreateSecret(database.db),
    clock: options.clock ?? Date.now,
    events: new EventBus({ transport: options.eventTransport, log: app.log }),
  };
  app.decorate('deps', deps);
  app.decorate('apiRoutes', [] as RouteRecord[]);
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(schemaSerializerCompiler);

  // A second router that only knows paths, to answer 405 with `allow` for a known path (contract §1.1).
  const knownPaths = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      knownPaths.on(method.toUpperCase() as HTTPMethod, route.url, () => {});
      const schema = route.schema ?? {};
      if ((schema as { hide?: boolean }).hide) continue;
      app.apiRoutes.push({
        method,
        url: route.url,
        hasRequestSchema: Boolean(schema.body ?? schema.querystring ?? schema.params),
        hasResponseSchema: Boolean(schema.response),
      });
    }
  });

  await app.register(fastifyCookie);
  // First of the hooks: a guest's cached read is answered before any database work, and a write's
  // answer empties the cache before compression and sending.
  const guestCache = new GuestCache({
    ttlMs: config.guestCacheSeconds * 1000,
    // The other processes empty what this one's write changed (issue 18).
    onInvalidate: (change) => {
      if (guestCache.enabled) deps.events.publish('cacheInvalidated', { cache: 'guest', change });
    },
  });
  registerGuestCache(app, guestCache);
  // Every process runs a worker loop from ready to close (JOB_CONCURRENCY=0 turns it off).
  const jobs = new JobWorker({
    services: { ...deps, guestCache },
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseSeconds * 1000,
    logger: app.log,
  });
  app.decorate('jobs', jobs);
  // Jobs enqueued here wake the other processes' workers too (else they find them at their next poll).
  const stopAnnouncingJobs = onJobEnqueued((types) => deps.events.publish('jobsEnqueued', { types }));
  deps.events.subscribe('jobsEnqueued', (_event, { remote }) => {
    if (remote) jobs.wake();
  });
  // Issue 13: comments, discussions and reactions enqueue their notifications' delivery.
  const stopNotifications = subscribeNotifications(deps, app.log);
  // Issue 13: live updates (GET /api/v2/events) follow the same events, from every process.
  const live = startLive(app);
  // Issue 13: private messages enqueue their notifications' delivery.
  const stopConversations = subscribeConversations(deps, app.log);
  app.addHook('onReady', async () => {
    // A process that runs jobs makes sure each recurring job's next run is queued (once across
    // processes); tests (JOB_CONCURRENCY=0) queue them themselves.
    if (config.jobConcurrency > 0) await scheduleRecurringJobs(deps.db, deps.clock);
    jobs.start();
  });
  app.addHook('onClose', async () => {
    stopAnnouncingJobs();
    stopNotifications();
    stopConversations();
    await jobs.stop();
  });
  deps.events.subscribe('cacheInvalidated', ({ cache, change }, { remote }) => {
    if (!remote) return;
    if (cache === 'guest') guestCache.invalidateFromPeer(change);
    else invalidateSettings(deps.db);
    app.log.debug({ cache, change }, 'cache emptied by another process');
  });
  await deps.events.start();
  app.addHook('onClose', async () => {
    await deps.events.close();
  });
  app.addHook('onClose', async () => {
    await flushDiscussionViews(deps.db);
  });
  // Pages and JSON are compressed per response at the fastest levels (brotli 1, gzip 1): a 130 KB
  // page becomes ~13 KB for little CPU (quality 4 cost ~30 % of JSON throughput in the bench).
  // Built assets are precompressed at build time (scripts/precompress.ts) and served as they are.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // Pages and lists (60–130 KB) are compressed in one synchronous call (about 0.5 ms at these
    // levels) instead of through a zlib stream per response: the plugin's default (8 KB on two
    // cores) streamed them, which cost ~10 % of a list request's CPU in stream plumbing and a
    // native zlib context per response in flight (hundreds of MB of RSS under 16 concurrent
    // page renders).
    syncThreshold: 512 * 1024,
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Hearth API', version: '2' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'hearth' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  app.addHook('onRequest', async (request, reply) => {
    const anonymous = request.routeOptions.config?.anonymous === true;
    const actor = anonymous ? guestActor : await resolveActor(request, reply, deps);
    request.ctx = {
      ...deps,
      config: configForRequest(request, deps.config),
      actor,
      permissions: anonymous ? emptyPermissionSet() : await loadPermissionSet(deps.db, actor.userID, actor.permissionSubject),
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      auditRequest: auditRequestOf(request),
    };
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'private, no-cache');
  });

  // After the body is parsed: bans (401) and the CSRF rule for cookie sessions (403).
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX)) return;
    const routeConfig = request.routeOptions.config;
    guardRequest(request, reply, {
      csrfExempt: routeConfig.csrfExempt === true,
      allowBanned: routeConfig.allowBanned === true,
    });
  });

  registerErrorHandlers(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (path.startsWith(API_PREFIX)) {
      const allow = METHODS.filter((method) => method !== request.method && knownPaths.find(method, path));
      if (allow.length > 0) {
        return sendError(
          reply.header('allow', allow.join(', ')),
          new AppError(405, `${request.method} not allowed.`, { context: { method: request.method, allow } }),
        );
      }
    }
    return sendError(reply, new AppError(404, `${path} not found.`));
  });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountsRoutes);
      await api.register(tokensRoutes);
      await api.register(rolesRoutes);
      await api.register(userPermissionsRoutes);
      await api.register(usersRoutes);
      await api.register(configRoutes);
      await api.register(categoriesRoutes);
      await api.register(discussionsRoutes);
      await api.register(commentsRoutes);
      await api.register(reactionsRoutes);
      await api.register(tagsRoutes);
      await api.register(mediaRoutes);
      await api.register(layoutsRoutes);
      await api.register(callsRoutes);
      await api.register(jobsRoutes);
      await api.register(notificationsRoutes);
      await api.register(notificationPreferencesRoutes);
      await api.register(liveRoutes(live));
      await api.register(logsRoutes);
      await api.register(auditLogsRoutes);
      await api.register(searchRoutes);
      await api.register(conversationsRoutes);
      await api.register(userIgnoresRoutes);
      await api.register(draftsRoutes);
      await api.register(reportsRoutes);
      await api.register(escalationsRoutes);
      await api.register(collectionsRoutes);
    },
    { prefix: API_PREFIX },
  );
  // Uploaded files live outside the API prefix (`/uploads/...`).
  await app.register(uploadsStaticRoutes);
  // Feeds, sitemaps and robots.txt: public documents outside the API prefix (issue 14).
  await app.register(feedsRoutes);
  // Pages last: every other GET outside /api/ is the server-rendered web app (when built).
  if (options.distDir) await registerPages(app, { distDir: options.distDir });

  return app;
}
