import type { Db } from '../db/db.ts';
import {
  findMentionableUsersByIDs,
  findMentionableUsersByNames,
  type MentionableUser,
} from './content.repo.ts';
import { escapeHtml } from './escape.ts';
import { MENTION_CLASS } from './sanitize.ts';

/** At most this many distinct names are looked up per body. */
export const MAX_MENTIONS = 50;

const NAME_CHARACTER = String.raw`[\p{L}\p{N}\p{M}\p{Pc}]`;
// `@name` or `@"name with spaces"`, not inside a word or an e-mail address (`a@b.c`).
const MENTION = new RegExp(
  String.raw`(^|[^\p{L}\p{N}\p{M}\p{Pc}@.\/])@(?:"([^"<>\n]{1,64})"|(${NAME_CHARACTER}{1,64}))`,
  'gu',
);

function decodeEscaped(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Adds the names mentioned in a run of escaped text to `into` (at most MAX_MENTIONS). */
export function collectMentionNames(escapedText: string, into: Set<string>): void {
  for (const match of escapedText.matchAll(MENTION)) {
    if (into.size >= MAX_MENTIONS) return;
    const name = decodeEscaped(match[2] ?? match[3] ?? '').trim();
    if (name !== '') into.add(name);
  }
}

/** The HTML of a mention: `<a class="atMention" href="/profile/{name}">@name</a>` (interfaces). */
export function mentionLink(user: MentionableUser): string {
  return `<a class="${MENTION_CLASS}" href="/profile/${encodeURIComponent(user.name)}">@${escapeHtml(user.name)}</a>`;
}

/** Replaces the mentions of known users in a run of escaped text by links; others stay text. */
export function replaceMentions(
  escapedText: string,
  usersByName: ReadonlyMap<string, MentionableUser>,
  mentioned: Set<number>,
): string {
  return escapedText.replace(
    MENTION,
    (whole, before: string, quoted: string | undefined, plain: string | undefined) => {
      const user = usersByName.get(decodeEscaped(quoted ?? plain ?? '').trim().toLowerCase());
      if (user === undefined) return whole;
      mentioned.add(user.userID);
      return `${before}${mentionLink(user)}`;
    },
  );
}

/** Looks names up (case-insensitively, one query); the map is keyed by lower-cased name. */
export async function resolveMentionNames(
  db: Db,
  names: ReadonlySet<string>,
): Promise<Map<string, MentionableUser>> {
  const users = await findMentionableUsersByNames(db, [...names].slice(0, MAX_MENTIONS));
  return new Map(users.map((user) => [user.name.toLowerCase(), user]));
}

/** A mention node of a rich body: a user ID (preferred) and the name the author saw. */
export interface MentionRef {
  userID: number | null;
  name: string;
}

/** The users behind rich mention nodes: by ID when given, else by name; deleted users are unknown. */
export interface ResolvedMentions {
  byID: Map<number, MentionableUser>;
  byName: Map<string, MentionableUser>;
  /** Filled while rendering: the users actually linked, in order. */
  used: Set<number>;
}

export async function resolveMentionRefs(db: Db, refs: readonly MentionRef[]): Promise<ResolvedMentions> {
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const ref of refs) {
    if (ids.size + names.size >= MAX_MENTIONS) break;
    if (ref.userID !== null) ids.add(ref.userID);
    else if (ref.name.trim() !== '') names.add(ref.name.trim());
  }
  const byIDRows = await findMentionableUsersByIDs(db, [...ids]);
  const byName = names.size === 0 ? new Map<string, MentionableUser>() : await resolveMentionNames(db, names);
  return { byID: new Map(byIDRows.map((user) => [user.userID, user])), byName, used: new Set() };
}

/** The user a rich mention node names (noted as used), or undefined when unknown. */
export function lookupMention(resolved: ResolvedMentions, ref: MentionRef): MentionableUser | undefined {
  const user =
    ref.userID !== null ? resolved.byID.get(ref.userID) : resolved.byName.get(ref.name.trim().toLowerCase());
  if (user !== undefined) resolved.used.add(user.userID);
  return user;
}
