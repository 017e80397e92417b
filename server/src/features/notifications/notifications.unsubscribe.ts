import { z } from 'zod';
import { preferenceActivityTypes, type PreferenceActivityType } from '../../../../common/src/api/notifications.ts';
import type { Actor, RequestContext } from '../../http/context.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { AppError } from '../../platform/errors.ts';
import { sign } from '../../platform/secrets.ts';
import { patchCategoryPreferences } from '../categories/categories.preferences.service.ts';
import { patchNotificationPreferences } from '../notification-preferences/notification-preferences.service.ts';
import { requireLiveUser } from '../users/users.service.ts';

// One-click unsubscribe (RFC 8058) from a notification e-mail: the link names one user and one
// kind of e-mail, signed with the site secret, so it works without signing in and for nothing else.

/** What an unsubscribe link turns off: an activity's e-mail (or the digest), or a followed category's e-mail of it. */
export interface UnsubscribeTarget {
  userID: number;
  activityType: PreferenceActivityType;
  /** Set for NewDiscussion/NewComment of a followed category: that category's e-mail key. */
  categoryID: number | null;
}

const targetSchema = z.object({
  u: z.number().int().positive(),
  a: z.enum(preferenceActivityTypes),
  c: z.number().int().positive().nullable(),
});

/** The message a bad, altered or foreign link answers. */
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

/** The signed token of an unsubscribe link. */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify({ u: target.userID, a: target.activityType, c: target.categoryID })).toString('base64url');
  return `${payload}.${sign(secret, `unsubscribe:${payload}`)}`;
}

/** The target of a token this site signed, else undefined. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || sign(secret, `unsubscribe:${payload}`) !== signature) return undefined;
  try {
    const parsed = targetSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? { userID: parsed.data.u, activityType: parsed.data.a, categoryID: parsed.data.c } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/v2/notifications/unsubscribe/{token}` (RFC 8058 one-click): turns the link's e-mail
 * off, acting as its user (the signed link is the proof): the followed category's e-mail key
 * for new discussions or comments, else the activity's e-mail preference (api-contract §6, §7).
 * @throws AppError 400 "This unsubscribe link is not valid.", 404 "User not found."
 */
export async function unsubscribeByToken(
  ctx: RequestContext,
  token: string,
): Promise<{ unsubscribed: true; activityType: PreferenceActivityType; categoryID: number | null }> {
  const target = readUnsubscribeToken(ctx.secret, token);
  if (!target) throw new AppError(400, INVALID_UNSUBSCRIBE_LINK);
  await requireLiveUser(ctx.db, target.userID);
  const actor: Actor = { userID: target.userID, via: 'token', sessionID: null, transientKey: null, csrfFailed: false, banned: false };
  const asUser: RequestContext = { ...ctx, actor, permissions: await loadPermissionSet(ctx.db, target.userID) };
  if (target.categoryID !== null) {
    const key = target.activityType === 'NewComment' ? 'preferences.email.comments' : 'preferences.email.posts';
    await patchCategoryPreferences(asUser, target.categoryID, '$me', { [key]: false });
  } else {
    await patchNotificationPreferences(asUser, '$me', { [target.activityType]: { email: false } });
  }
  return { unsubscribed: true, activityType: target.activityType, categoryID: target.categoryID };
}
