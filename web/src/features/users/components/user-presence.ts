/** A member counts as online when active within this many milliseconds (issue 15). */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Whether to show the online dot: only when the viewer may see the last-active date at all (the
 * API leaves it out of private profiles for other members, spec 000 §6).
 */
export function isOnline(dateLastActive: string | null | undefined, now: number): boolean {
  if (dateLastActive === null || dateLastActive === undefined) return false;
  const time = Date.parse(dateLastActive);
  return Number.isFinite(time) && now - time < ONLINE_WINDOW_MS && now - time > -ONLINE_WINDOW_MS;
}
