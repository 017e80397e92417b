import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError, validationError, type FieldError } from '../platform/errors.ts';

type Issue = z.core.$ZodIssue & { input?: unknown };

/** Zod's own wording; schemas that set their own message keep it. */
const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key|Expected)/;

function describeType(expected: string): string {
  switch (expected) {
    case 'int':
      return 'integer';
    case 'bigint':
    case 'number':
      return 'number';
    default:
      return expected;
  }
}

/** Turns one Zod issue into a contract field error (contract §1.10, Vanilla's wording). */
export function toFieldError(issue: Issue, prefix: string[] = []): FieldError {
  const path = [...prefix, ...issue.path.map(String)];
  const field = path.join('.');
  const label = field === '' ? 'The request body' : field;
  const custom = !DEFAULT_MESSAGE.test(issue.message);
  const pick = (fallback: string) => (custom ? issue.message : fallback);

  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || (issue.input === null && issue.expected !== 'null')) {
        if (issue.input === undefined || field !== '') {
          return { field, code: 'missingField', message: pick(`${label} is required.`), status: 400 };
        }
      }
      return { field, code: 'invalid', message: pick(`${label} is not a valid ${describeType(issue.expected)}.`), status: 422 };
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (minimum === 1 && issue.input === '') {
          return { field, code: 'missingField', message: pick(`${label} is required.`), status: 400 };
        }
        return { field, code: 'minLength', message: pick(`${label} should be at least ${minimum} characters long.`), status: 422 };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { field, code: 'minItems', message: pick(`${label} must contain at least ${minimum} items.`), status: 422 };
      }
      return { field, code: 'minimum', message: pick(`${label} should be at least ${minimum}.`), status: 422 };
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') {
        const length = typeof issue.input === 'string' ? [...issue.input].length : maximum + 1;
        return { field, code: 'maxLength', message: pick(`${label} is ${length - maximum} characters too long.`), status: 422 };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { field, code: 'maxItems', message: pick(`${label} must contain no more than ${maximum} items.`), status: 422 };
      }
      return { field, code: 'maximum', message: pick(`${label} should not be greater than ${maximum}.`), status: 422 };
    }
    case 'invalid_value':
      return {
        field,
        code: 'invalid',
        message: pick(`${label} must be one of: ${issue.values.map(String).join(', ')}.`),
        status: 422,
      };
    case 'invalid_format':
      return { field, code: 'invalid', message: pick(`${label} is not a valid ${issue.format}.`), status: 422 };
    case 'not_multiple_of':
      return { field, code: 'multipleOf', message: pick(`${label} is not a multiple of ${String(issue.divisor)}.`), status: 422 };
    case 'custom': {
      const params = (issue.params ?? {}) as { code?: string; status?: number };
      return { field, code: params.code ?? 'invalid', message: issue.message, status: params.status ?? 422 };
    }
    case 'unrecognized_keys':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return { field, code: 'invalid', message: pick(`${label} is invalid.`), status: 422 };
  }
}

const NUL = '\u0000';

/**
 * The path of the first string (or object key) holding a NUL character: PostgreSQL cannot store
 * one and fails the statement, so no route may let one through (issue 11).
 */
function findNul(value: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof item === 'string') {
      if (item.includes(NUL)) return path;
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes(NUL)) return path;
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

function nulError(path: string[]): AppError {
  const field = path.join('.');
  const label = field === '' ? 'The request body' : field;
  return validationError([{ field, code: 'invalid', message: `${label} must not contain a NUL character.`, status: 400 }]);
}

/**
 * The error of a failed parse: a 404 when an issue says no record can have that ID (an ID past
 * its column's range, see `pathIDSchema`), else the contract's validation error.
 */
function toError(issues: readonly z.core.$ZodIssue[]): AppError {
  const missing = findNotFound(issues);
  if (missing) return new AppError(404, missing.message);
  return validationError(issues.map((issue) => toFieldError(issue as Issue)));
}

/** The first issue asking for a 404, also inside the alternatives of a union (`$me` or an ID). */
function findNotFound(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  for (const issue of issues) {
    if (issue.code === 'custom' && (issue.params as { status?: number } | undefined)?.status === 404) return issue;
    if (issue.code === 'invalid_union') {
      const nested = issue.errors.map((alternative) => findNotFound(alternative)).find(Boolean);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** Validates a value with a Zod schema, throwing the contract's validation error on failure. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const nul = findNul(value);
  if (nul) throw nulError(nul);
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw toError(result.error.issues);
}

/**
 * Fastify validator compiler for Zod schemas: parses params, query, body and headers, replacing
 * them with the parsed (stripped, coerced) values; failures become the contract's 422/400 body
 * (a NUL character anywhere is a 400 on its field; an ID no record can have is a 404).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => {
    const nul = findNul(data);
    if (nul) return { error: nulError(nul) };
    const result = schema.safeParse(data ?? undefined, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: toError(result.error.issues) };
  };
};
