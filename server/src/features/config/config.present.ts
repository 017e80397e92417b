import { z } from 'zod';
import {
  settingDefinitions,
  settingKeys,
  type ConfigSchema,
  type ConfigValues,
  type SettingKey,
} from '../../../../common/src/api/config.ts';

/** An upload's stored URL or path as an absolute URL (api-contract §14: upload keys answer absolute URLs). */
export function absoluteUploadUrl(value: string, baseUrl: string): string {
  if (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return value;
  return new URL(value, `${baseUrl}/`).toString();
}

/** The `GET /config` body: the given keys and values, upload keys made absolute. */
export function presentConfigValues(
  entries: readonly (readonly [SettingKey, unknown])[],
  baseUrl: string,
): ConfigValues {
  const result: ConfigValues = {};
  for (const [key, value] of entries) {
    const definition: { upload?: boolean } = settingDefinitions[key];
    result[key] =
      definition.upload === true && typeof value === 'string'
        ? absoluteUploadUrl(value, baseUrl)
        : value;
  }
  return result;
}

let cachedSchema: ConfigSchema | null = null;

/** `GET /config/schema`: each key's JSON Schema with its default, description, `x-read` and `x-write`. */
export function presentConfigSchema(): ConfigSchema {
  if (cachedSchema) return cachedSchema;
  const properties: ConfigSchema['properties'] = {};
  for (const key of settingKeys) {
    const definition: (typeof settingDefinitions)[SettingKey] & { readOnly?: boolean } =
      settingDefinitions[key];
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(definition.schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    properties[key] = {
      ...jsonSchema,
      default: definition.default,
      description: definition.description,
      'x-read': definition.read,
      'x-write': definition.write,
      ...(definition.readOnly === true ? { readOnly: true } : {}),
    };
  }
  cachedSchema = { type: 'object', properties };
  return cachedSchema;
}
