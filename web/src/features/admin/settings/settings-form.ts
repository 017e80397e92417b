import { z } from 'zod';
import { settingDefinitions, type SettingKey } from '../../../../../common/src/api/config.ts';
import type { FieldErrors } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { settingFormKeys, settingSections, type SettingField } from './settings-sections.ts';

export {
  settingFormKeys,
  settingSections,
  type FieldKind,
  type SettingField,
  type SettingSection,
} from './settings-sections.ts';

/** Units a duration field offers, in seconds. */
export const durationUnits = [
  { unit: 'seconds', seconds: 1 },
  { unit: 'minutes', seconds: 60 },
  { unit: 'hours', seconds: 3600 },
  { unit: 'days', seconds: 86_400 },
] as const;

export type DurationUnit = (typeof durationUnits)[number]['unit'];

/** Units a size field offers (spec 001 §9 "Units: B, KB, MB, GB, TB"), in bytes. */
export const sizeUnits = [
  { unit: 'B', bytes: 1 },
  { unit: 'KB', bytes: 1024 },
  { unit: 'MB', bytes: 1024 ** 2 },
  { unit: 'GB', bytes: 1024 ** 3 },
] as const;

export type SizeUnit = (typeof sizeUnits)[number]['unit'];

/** A field's value while it is edited. */
export type DraftValue =
  | { kind: 'boolean'; checked: boolean }
  | { kind: 'number'; amount: string }
  | { kind: 'duration'; noLimit: boolean; amount: string; unit: DurationUnit }
  | { kind: 'bytes'; amount: string; unit: SizeUnit }
  | { kind: 'text'; text: string };

/** Every field's draft, keyed by setting. */
export type SettingsDraft = Partial<Record<SettingKey, DraftValue>>;

/** The integer bounds of a number setting, read from the registry's schema. */
export function numberBounds(key: SettingKey): { min: number | null; max: number | null } {
  const schema: z.ZodType = settingDefinitions[key].schema;
  if (schema instanceof z.ZodNumber) {
    const min = schema.minValue;
    const max = schema.maxValue;
    return {
      min: min === null || !Number.isFinite(min) ? null : min,
      max: max === null || !Number.isFinite(max) ? null : max,
    };
  }
  return { min: null, max: null };
}

/** The largest unit that expresses `value` exactly (at least the first unit). */
function largestExactUnit<U extends { unit: string }>(
  value: number,
  units: readonly U[],
  sizeOf: (unit: U) => number,
): U {
  let chosen = units[0] as U;
  for (const unit of units) {
    if (value !== 0 && value % sizeOf(unit) === 0) chosen = unit;
  }
  return chosen;
}

/** The draft of a field from its stored value. */
export function toDraft(field: SettingField, value: unknown): DraftValue {
  switch (field.kind) {
    case 'boolean':
      return { kind: 'boolean', checked: value === true };
    case 'integer':
    case 'seconds':
      return { kind: 'number', amount: typeof value === 'number' ? String(value) : '' };
    case 'duration': {
      const seconds = typeof value === 'number' ? value : 0;
      if (seconds < 0) return { kind: 'duration', noLimit: true, amount: '1', unit: 'hours' };
      const unit = largestExactUnit(seconds, durationUnits, (item) => item.seconds);
      return {
        kind: 'duration',
        noLimit: false,
        amount: String(seconds / unit.seconds),
        unit: unit.unit,
      };
    }
    case 'bytes': {
      const bytes = typeof value === 'number' ? value : 0;
      const unit = largestExactUnit(bytes, sizeUnits, (item) => item.bytes);
      return { kind: 'bytes', amount: String(bytes / unit.bytes), unit: unit.unit };
    }
    case 'extensions':
      return {
        kind: 'text',
        text: Array.isArray(value) ? value.map(String).join(', ') : '',
      };
    case 'select':
    case 'text':
    case 'textarea':
      return { kind: 'text', text: typeof value === 'string' ? value : '' };
  }
}

/** The draft of every field from the loaded values. */
export function toSettingsDraft(values: Readonly<Record<string, unknown>>): SettingsDraft {
  const draft: SettingsDraft = {};
  for (const section of settingSections) {
    for (const field of section.fields) draft[field.key] = toDraft(field, values[field.key]);
  }
  return draft;
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const WHOLE_NUMBER = /^-?\d+$/;

function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return WHOLE_NUMBER.test(trimmed) ? Number(trimmed) : null;
}

function checkBounds(key: SettingKey, value: number): Parsed {
  const { min, max } = numberBounds(key);
  if (min !== null && value < min) {
    return { ok: false, message: t('Enter a number of at least {min}.', { min }) };
  }
  if (max !== null && value > max) {
    return { ok: false, message: t('Enter a number no greater than {max}.', { max }) };
  }
  return { ok: true, value };
}

/** Extensions typed as "jpg, .PNG tar.gz": lower-case, without dots in front, no repeats. */
export function parseExtensions(text: string): string[] {
  const items = text
    .split(/[\s,;]+/)
    .map((item) => item.trim().replace(/^\.+/, '').toLowerCase())
    .filter((item) => item !== '');
  return [...new Set(items)];
}

/**
 * The value a draft stands for, with light client checks (whole numbers, the registry's bounds);
 * everything else the server validates.
 */
export function fromDraft(field: SettingField, draft: DraftValue): Parsed {
  switch (draft.kind) {
    case 'boolean':
      return { ok: true, value: draft.checked };
    case 'number': {
      const value = parseWholeNumber(draft.amount);
      if (value === null) return { ok: false, message: t('Enter a whole number.') };
      return checkBounds(field.key, value);
    }
    case 'duration': {
      if (draft.noLimit) return { ok: true, value: -1 };
      const amount = parseWholeNumber(draft.amount);
      if (amount === null || amount < 0) return { ok: false, message: t('Enter a whole number.') };
      const unit = durationUnits.find((item) => item.unit === draft.unit) ?? durationUnits[0];
      return { ok: true, value: amount * unit.seconds };
    }
    case 'bytes': {
      const amount = parseWholeNumber(draft.amount);
      if (amount === null || amount < 1) {
        return { ok: false, message: t('Enter a whole number of at least 1.') };
      }
      const unit = sizeUnits.find((item) => item.unit === draft.unit) ?? sizeUnits[0];
      return { ok: true, value: amount * unit.bytes };
    }
    case 'text':
      if (field.kind === 'extensions') return { ok: true, value: parseExtensions(draft.text) };
      return { ok: true, value: draft.text };
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What a save sends: only the changed keys, or the client errors grouped by key. */
export type SettingsPatch =
  { ok: true; patch: Record<string, unknown> } | { ok: false; errors: FieldErrors };

/**
 * The `PATCH /config` body of a draft: only the keys whose value differs from the loaded one
 * (spec 001 §7.7), or the fields that fail the client checks.
 */
export function buildSettingsPatch(
  draft: SettingsDraft,
  loaded: Readonly<Record<string, unknown>>,
): SettingsPatch {
  const patch: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const section of settingSections) {
    for (const field of section.fields) {
      const value = draft[field.key];
      if (value === undefined) continue;
      const parsed = fromDraft(field, value);
      if (!parsed.ok) {
        errors[field.key] = [
          { field: field.key, code: 'invalid', message: parsed.message, status: 422 },
        ];
        continue;
      }
      if (!sameValue(parsed.value, loaded[field.key])) patch[field.key] = parsed.value;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch };
}

/**
 * The setting an error field belongs to: the key itself or the key a nested path starts with
 * (`upload.allowedExtensions.3` → `upload.allowedExtensions`); setting keys contain dots, so the
 * longest matching key wins.
 */
export function settingKeyOfField(field: string): SettingKey | null {
  let best: SettingKey | null = null;
  for (const key of settingFormKeys) {
    if (
      (field === key || field.startsWith(`${key}.`)) &&
      (best === null || key.length > best.length)
    ) {
      best = key;
    }
  }
  return best;
}

/** Server field errors regrouped by the setting they belong to (spec 001 §8.3). */
export function groupErrorsBySetting(errors: FieldErrors): FieldErrors {
  const grouped: FieldErrors = {};
  for (const [field, items] of Object.entries(errors)) {
    const key = settingKeyOfField(field) ?? field;
    (grouped[key] ??= []).push(...items);
  }
  return grouped;
}
