import { z } from 'zod';

// How a site setting is declared (api-contract §14): shared by config.ts and the files that hold
// groups of settings (config.community.ts, config.spam.ts).

/**
 * Who may read a setting (api-contract §14 `x-read`): anyone, any signed-in user, or holders of a
 * global permission.
 */
export const configReadLevels = [
  'public',
  'member',
  'community.moderate',
  'community.manage',
  'site.manage',
] as const;

export type ConfigReadLevel = (typeof configReadLevels)[number];

/** Who may change a setting (api-contract §14 `x-write`; Vanilla allows only these two). */
export const configWriteLevels = ['community.manage', 'site.manage'] as const;

export type ConfigWriteLevel = (typeof configWriteLevels)[number];

/** One site setting: its type, default, who reads and who writes it. */
export interface SettingDefinition<T extends z.ZodType = z.ZodType> {
  schema: T;
  default: z.output<T>;
  read: ConfigReadLevel;
  write: ConfigWriteLevel;
  description: string;
  /** Strings keep their HTML; otherwise tags are stripped on write (api-contract §14). */
  allowHtml?: boolean;
  /** The value is an upload's URL or path: `GET /config` answers it as an absolute URL. */
  upload?: boolean;
  /** Fixed by the server; `PATCH /config` refuses it. */
  readOnly?: boolean;
}

export function setting<T extends z.ZodType>(
  definition: SettingDefinition<T>,
): SettingDefinition<T> {
  return definition;
}

/** A string of at most `max` characters. */
export const text = (max: number) => z.string().max(max);
/** Seconds, 1 to a day. */
export const seconds = z.number().int().min(1).max(86_400);
/** A count, 1 to 1,000. */
export const count = z.number().int().min(1).max(1000);
