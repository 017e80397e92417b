const unitlessKeys = new Set(['lineHeight', 'normal', 'semiBold', 'bold', 'opacity', 'zIndex']);

function kebab(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function walk(prefix: string, key: string, value: unknown, out: Record<string, string>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [childKey, child] of Object.entries(value)) {
      walk(`${prefix}-${kebab(childKey)}`, childKey, child, out);
    }
    return;
  }
  if (typeof value === 'number') {
    out[prefix] = unitlessKeys.has(key) || value === 0 ? String(value) : `${value}px`;
  } else if (typeof value === 'string' && value !== '') {
    out[prefix] = value;
  }
}

/**
 * Flattens theme variables into CSS custom properties (CONVENTIONS §7):
 * `global.mainColors.primary` → `--theme-global-main-colors-primary`. Numbers become pixels
 * except unitless keys (weights, line height); empty strings and non-scalar leaves are skipped.
 */
export function toCssVars(variables: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(variables)) {
    walk(`--theme-${kebab(key)}`, key, value, out);
  }
  return out;
}

/** The one `:root` rule holding every theme custom property, for a `<style>` element. */
export function toRootStyle(variables: object): string {
  const declarations = Object.entries(toCssVars(variables))
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, '')}`)
    .join(';');
  return `:root{${declarations}}`;
}
