import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/db.ts';
import type { DialectName } from '../platform/db/dialect.ts';
import type { Mailer } from '../platform/mail.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { KnownPermissionSubject } from '../permissions/permission-set.repo.ts';
import type { UserFragmentRow } from '../platform/db/user-fragment.ts';
import type { AuditRequest } from './audit-request.ts';

/** Who makes the request (contract §1.2): a token, a session cookie, or a guest (userID 0). */
export interface Actor {
  userID: number;
  via: 'guest' | 'session' | 'token';
  sessionID: string | null;
  /** The session's transient key (CSRF and sign-out proof); null for guests and tokens. */
  transientKey: string | null;
  /** Set when a cookie-session write failed the CSRF rule: the request is refused with 403. */
  csrfFailed: boolean;
  /** The user is banned or deleted: every API call answers 401 "You are banned." (contract §1.2). */
  banned: boolean;
  /** The user's permission subject when the token or session lookup read it (saves a query). */
  permissionSubject?: KnownPermissionSubject | undefined;
  /**
   * The user as records embed them (`insertUser`), as the token or session lookup read it at the
   * start of the request: a write's answer embeds its author without reading the user again.
   */
  userFragment?: UserFragmentRow | undefined;
}

/** Process-wide dependencies, built once in buildApp(). */
export interface AppDeps {
  db: Db;
  dialect: DialectName;
  config: Config;
  mailer: Mailer;
  /** The site's signing secret (session cookies, long-runner payloads). */
  secret: string;
  /** Milliseconds since the epoch; tests inject one they move instead of sleeping (sign-in throttles). */
  clock: () => number;
  /** Domain events: services publish after their transaction commits (platform/events). */
  events: EventBus;
}

/** What every service receives: the dependencies plus who is asking and what they may do. */
export interface RequestContext extends AppDeps {
  actor: Actor;
  /** The actor's effective permissions, exactly what GET /users/$me/permissions?expand=junctions returns. */
  permissions: PermissionSet;
  ipAddress: string;
  userAgent: string | null;
  /** Set when the request counted a discussion view: a cached copy of the answer counts one too. */
  viewedDiscussionID?: number | undefined;
  /** The request behind the call, as the audit log records it (absent for work done later). */
  auditRequest?: AuditRequest | undefined;
  /**
   * Set by the scheduled-draft job (api-contract §23): the post was written and scheduled earlier,
   * so the flood rules (api-contract §1.13), which guard against rapid typing, do not count it.
   */
  publishingScheduledDraft?: boolean | undefined;
  /**
   * Set by the scheduled-draft job for a draft with `draftMeta.publishedSilently` (api-contract §23,
   * Vanilla's "publish silently"): the post appears, but no one is notified of it.
   */
  publishSilently?: boolean | undefined;
}

export const guestActor: Actor = Object.freeze({
  userID: 0,
  via: 'guest',
  sessionID: null,
  transientKey: null,
  csrfFailed: false,
  banned: false,
});

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}
