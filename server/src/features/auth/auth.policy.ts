import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { Actor } from '../../http/context.ts';

/**
 * A signed-in user manages their own sessions; another user's need `users.edit` like every call
 * on another user (issue 11 item 7; api-contract §2 said `community.moderate`), and a higher rank
 * (checked by the service).
 */
export function canManageSessions(actor: Actor, set: PermissionSet, userID: number): boolean {
  return (actor.userID !== 0 && actor.userID === userID) || has(set, 'users.edit');
}

/** The confirmation e-mail goes again to the signed-in user themselves, or on behalf of a `users.edit` holder. */
export function canResendConfirmation(actor: Actor, set: PermissionSet, userID: number): boolean {
  return (actor.userID !== 0 && actor.userID === userID) || has(set, 'users.edit');
}

/** api-contract §1.12: signing in needs `session.valid` (applicants and roles without sessions lack it). */
export function canStartSession(set: PermissionSet): boolean {
  return has(set, 'session.valid');
}
