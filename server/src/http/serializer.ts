import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * Rewrites Zod's JSON schema into the forms fast-json-stringify serializes without a validator:
 * `anyOf [X, null]` becomes X with `nullable`, and `additionalProperties: false` goes (the
 * serializer writes declared properties only, with or without it; left in, a union's branch check
 * would refuse a record that carries undeclared fields, which Zod strips instead).
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = key === 'const' || key === 'enum' || key === 'default' ? value : forSerializer(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const isNull = (branch: unknown) => (branch as JsonSchema).type === 'null' && Object.keys(branch as JsonSchema).length === 1;
    const other = anyOf.find((branch) => !isNull(branch)) as JsonSchema | undefined;
    // A union's branch check (Ajv) reads `nullable`; an enum must then list null too.
    if (other && anyOf.some(isNull) && typeof other.type === 'string' && !('const' in other)) {
      return { ...other, nullable: true, ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}) };
    }
  }
  return out;
}

/** The route's Zod response schema (Fastify passes it bare or under `properties`). */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/** A serializer compiled from the response schema, or Zod's encoder where JSON Schema cannot say it all. */
function compile(routeSchema: RouteSchema): (data: unknown) => string {
  const schema = zodSchemaOf(routeSchema.schema);
  if (schema) {
    try {
      // `unrepresentable: 'throw'`: a transform or codec (what only Zod can run) keeps Zod's encoder.
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      return fastJson(forSerializer(json) as fastJson.Schema);
    } catch {
      // falls back below
    }
  }
  return zodSerializerCompiler(routeSchema) as (data: unknown) => string;
}

/**
 * Response serialization by schema (issue 18): fast-json-stringify compiled from each route's Zod
 * response schema writes the declared fields only (undeclared ones are dropped, CONVENTIONS §3)
 * without validating and re-encoding every answer through Zod, which was ~8 % of an uncached list
 * request. Each route's serializer is compiled on its first answer, so building the app (every
 * API test does) pays nothing for routes it never answers.
 */
export const schemaSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= compile(routeSchema);
    return serialize(data);
  };
};
