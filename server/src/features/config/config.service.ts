import type { z } from 'zod';
import {
  isSettingKey,
  settingDefinitions,
  settingKeys,
  type ConfigPatchBody,
  type ConfigSchema,
  type ConfigValues,
  type SettingKey,
  type SiteSettings,
} from '../../../../common/src/api/config.ts';
import type { RequestContext } from '../../http/context.ts';
import { toFieldError } from '../../http/validation.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { validationError, type FieldError } from '../../platform/errors.ts';
import { canReadSetting, canWriteSetting } from './config.policy.ts';
import { presentConfigSchema, presentConfigValues } from './config.present.ts';
import { findStoredSettings, upsertSettings, type StoredSetting } from './config.repo.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { findCategoriesByIDs } from '../categories/categories.lookup.ts';

export type { SiteSettings } from '../../../../common/src/api/config.ts';

/**
 * How long a process trusts its cached settings. The database is the truth: a change made by
 * another process is seen within this time, one made by this process at once.
 */
const SETTINGS_TTL_MS = 5000;

interface CachedSettings {
  settings: SiteSettings;
  expiresAt: number;
}

// Keyed by database handle so that several apps (tests) in one process never share entries.
const caches = new WeakMap<Db, CachedSettings>();
// Bumped by every invalidation: a read that started before a write must not cache stale values.
const generations = new WeakMap<Db, number>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function decodeStored(key: SettingKey, stored: string | undefined): unknown {
  const definition: { schema: z.ZodType; default: unknown } = settingDefinitions[key];
  if (stored !== undefined) {
    try {
      const parsed = definition.schema.safeParse(JSON.parse(stored));
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable JSON reads as the default, like a value the schema no longer accepts.
    }
  }
  return structuredClone(definition.default);
}

function buildSettings(rows: readonly StoredSetting[]): SiteSettings {
  const stored = new Map(rows.map((row) => [row.configKey, row.value]));
  const settings: Record<string, unknown> = {};
  for (const key of settingKeys) settings[key] = decodeStored(key, stored.get(key));
  return deepFreeze(settings as SiteSettings);
}

/**
 * Every setting's current value (stored, else the default), typed by key; frozen. Cached per
 * process for a few seconds and dropped at once when this process changes a setting.
 */
export async function getSettings(db: Db): Promise<SiteSettings> {
  const cached = caches.get(db);
  if (cached && cached.expiresAt > Date.now()) return cached.settings;
  const generation = generations.get(db) ?? 0;
  const settings = buildSettings(await findStoredSettings(db, settingKeys));
  if ((generations.get(db) ?? 0) === generation) {
    caches.set(db, { settings, expiresAt: Date.now() + SETTINGS_TTL_MS });
  }
  return settings;
}

/** Drops this process's cached settings of a database (after a write). */
export function invalidateSettings(db: Db): void {
  caches.delete(db);
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('')
    .map((character) => {
      if (character === '*') return '.*';
      if (character === '?') return '.';
      return character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * `GET /config` (api-contract §14): the readable settings, all or those matching `select`
 * (`*` and `?` wildcards, as Vanilla's fnmatch). Unreadable and unknown keys are simply absent.
 */
export async function getConfig(
  ctx: RequestContext,
  select: readonly string[] | undefined,
): Promise<ConfigValues> {
  const patterns = select?.map(globToRegExp);
  const settings = await getSettings(ctx.db);
  const entries: [SettingKey, unknown][] = [];
  for (const key of settingKeys) {
    if (patterns && !patterns.some((pattern) => pattern.test(key))) continue;
    if (!canReadSetting(ctx.permissions, settingDefinitions[key].read)) continue;
    entries.push([key, settings[key]]);
  }
  return presentConfigValues(entries, ctx.config.baseUrl);
}

/** Plain text: tags removed from every string of a value (api-contract §14). */
function stripTags(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, '');
  if (Array.isArray(value)) return value.map(stripTags);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, stripTags(child)]));
  }
  return value;
}

/**
 * `PATCH /config` (api-contract §14): sets the given keys. The caller needs the `x-write`
 * permission of every key sent; values are validated per key and written together.
 * @throws AppError 403 when a key's write permission is missing; 422 for unknown, private or
 * read-only keys and invalid values, with one error item per key (field = the key).
 */
export async function patchConfig(ctx: RequestContext, body: ConfigPatchBody): Promise<void> {
  const keys = Object.keys(body);
  for (const key of keys) {
    if (!isSettingKey(key)) continue;
    const level = settingDefinitions[key].write;
    authorize(canWriteSetting(ctx.permissions, level), { permissions: level });
  }

  const errors: FieldError[] = [];
  const writes: StoredSetting[] = [];
  for (const key of keys) {
    if (!isSettingKey(key)) {
      errors.push({
        field: key,
        code: 'unknownField',
        message: `${key} is not a known setting.`,
        status: 422,
      });
      continue;
    }
    const definition: { schema: z.ZodType; allowHtml?: boolean; readOnly?: boolean } =
      settingDefinitions[key];
    if (definition.readOnly === true) {
      errors.push({
        field: key,
        code: 'readOnly',
        message: `${key} cannot be changed.`,
        status: 422,
      });
      continue;
    }
    const input = definition.allowHtml === true ? body[key] : stripTags(body[key]);
    const parsed = definition.schema.safeParse(input, { reportInput: true });
    if (!parsed.success) {
      errors.push(...parsed.error.issues.map((issue) => toFieldError(issue, [key])));
      continue;
    }
    // api-contract §27.2: the premoderated categories must exist.
    if (key === 'premoderation.categoryIDs') {
      const ids = parsed.data as number[];
      const found = await findCategoriesByIDs(ctx.db, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        errors.push({ field: key, code: 'invalid', message: `Unknown categories: ${missing.join(', ')}.`, status: 422 });
        continue;
      }
    }
    writes.push({ configKey: key, value: JSON.stringify(parsed.data) });
  }
  if (errors.length > 0) throw validationError(errors);
  if (writes.length === 0) return;

  const before = await getSettings(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    await upsertSettings(trx, writes, nowIso(ctx.clock));
    // api-contract §27.9: each change with its keys' old and new values.
    await recordAudit(
      ctx,
      {
        eventType: 'configuration_change',
        message: `Changed the configuration: ${writes.map((write) => write.configKey).join(', ')}.`,
        context: Object.fromEntries(
          writes.map((write) => [
            write.configKey,
            { old: before[write.configKey as keyof SiteSettings], new: JSON.parse(write.value) as unknown },
          ]),
        ),
      },
      trx,
    );
    // api-contract §27.9 `layout_apply`: a view switched between its custom layout and the legacy page.
    for (const write of writes) {
      if (!write.configKey.startsWith('customLayout.')) continue;
      const applied = JSON.parse(write.value) as unknown;
      if (before[write.configKey as keyof SiteSettings] === applied) continue;
      const layoutViewType = write.configKey.slice('customLayout.'.length);
      await recordAudit(
        ctx,
        {
          eventType: 'layout_apply',
          message: `Applied the ${applied === true ? 'custom' : 'legacy'} layout to ${layoutViewType}.`,
          context: { layoutViewType, layoutID: applied === true ? layoutViewType : null, customLayout: { old: before[write.configKey as keyof SiteSettings], new: applied } },
        },
        trx,
      );
    }
  });
  invalidateSettings(ctx.db);
  ctx.events.publish('cacheInvalidated', { cache: 'settings' });
  // The answer waits until the other processes dropped theirs too (docs/decisions.md, every core).
  await ctx.events.peersApplied();
}

/**
 * `GET /config/schema` (`site.manage`): the JSON Schema of every setting.
 * @throws AppError 403 without `site.manage`.
 */
export function getConfigSchema(ctx: RequestContext): ConfigSchema {
  authorize(canWriteSetting(ctx.permissions, 'site.manage'), { permissions: 'site.manage' });
  return presentConfigSchema();
}
