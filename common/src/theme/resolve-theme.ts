import { themeDefaults, themeEnumerations, type ThemeVariables } from './variables.ts';

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const functionalColor = /^(?:rgba?|hsla?)\(\s*[-+0-9.%deg\s,/]+\)$/i;

/** Whether a value is a colour the theme accepts (spec 000 §5): hex of 3 or 6 digits, rgb(a), hsl(a). */
export function isThemeColor(value: string): boolean {
  const trimmed = value.trim();
  return hexColor.test(trimmed) || functionalColor.test(trimmed);
}

/** A theme variable that failed validation in strict mode. */
export class ThemeVariableError extends Error {
  override name = 'ThemeVariableError';
}

export interface ResolveThemeOptions {
  /** spec 000 §5: invalid colours throw only in strict mode; otherwise the default is kept. */
  strict?: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeLeaf(path: string, fallback: unknown, value: unknown, strict: boolean): unknown {
  const reject = (reason: string): unknown => {
    if (strict) {
      throw new ThemeVariableError(
        `Theme variable ${path} ${reason} (got ${JSON.stringify(value)}).`,
      );
    }
    return fallback;
  };
  if (typeof fallback === 'number') {
    return typeof value === 'number' && Number.isFinite(value) ? value : reject('must be a number');
  }
  if (typeof fallback !== 'string') {
    return fallback;
  }
  if (typeof value !== 'string') {
    return reject('must be a string');
  }
  const allowed = themeEnumerations[path];
  if (allowed !== undefined) {
    return allowed.includes(value) ? value : reject(`must be one of ${allowed.join(', ')}`);
  }
  if (isThemeColor(fallback) && !isThemeColor(value)) {
    return reject('must be a colour (hex, rgb, rgba, hsl or hsla)');
  }
  // A value that could end the custom property or open a block is never a valid variable.
  if (/[;{}<>]/.test(value)) {
    return reject('contains characters not allowed in a CSS value');
  }
  return value;
}

function mergeInto(
  path: string,
  fallback: Record<string, unknown>,
  input: unknown,
  strict: boolean,
): Record<string, unknown> {
  const source = isPlainObject(input) ? input : {};
  const result: Record<string, unknown> = {};
  for (const [key, defaultValue] of Object.entries(fallback)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    const value = source[key];
    if (isPlainObject(defaultValue)) {
      result[key] = mergeInto(childPath, defaultValue, value, strict);
    } else if (value === undefined || value === null) {
      result[key] = defaultValue;
    } else {
      result[key] = mergeLeaf(childPath, defaultValue, value, strict);
    }
  }
  return result;
}

/**
 * Validates a theme's `assets.variables` and merges it over the defaults. Unknown keys are
 * dropped; invalid values fall back to the default, or throw `ThemeVariableError` when strict.
 */
export function resolveTheme(
  variables: unknown,
  options: ResolveThemeOptions = {},
): ThemeVariables {
  // The walk above copies the defaults' shape exactly, so the result has the defaults' type.
  return mergeInto('', themeDefaults, variables, options.strict ?? false) as ThemeVariables;
}
