/**
 * WCAG 2 contrast of the theme's colours (the formats `resolveTheme` accepts: #rgb, #rrggbb,
 * rgb(a) and hsl(a)), for colours the theme does not set but must stay visible, such as the
 * focus ring on the title bar (WCAG 1.4.11: 3:1 against the adjacent colour).
 */

type Rgb = readonly [number, number, number];

function fromHex(hex: string): Rgb | null {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The numbers of a functional colour; percentages as fractions, which `percentScale` scales. */
function numbersOf(text: string, percentScale = 1): number[] {
  return (text.match(/-?[\d.]+%?/g) ?? []).map((part) =>
    part.endsWith('%') ? (Number.parseFloat(part) / 100) * percentScale : Number.parseFloat(part),
  );
}

function fromHsl(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/** The sRGB channels (0–255) of a theme colour, or null when it is not one. */
export function parseThemeColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase();
  if (value.startsWith('#')) return fromHex(value);
  if (value.startsWith('rgb')) {
    const numbers = numbersOf(value, 255);
    if (numbers.length >= 3) return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0];
  }
  const numbers = numbersOf(value);
  if (value.startsWith('hsl') && numbers.length >= 3) {
    return fromHsl((((numbers[0] ?? 0) % 360) + 360) % 360, numbers[1] ?? 0, numbers[2] ?? 0);
  }
  return null;
}

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = Math.min(255, Math.max(0, channel)) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The WCAG contrast ratio of two colours (1 to 21); 1 when either is not a colour. */
export function contrastRatio(first: string, second: string): number {
  const a = parseThemeColor(first);
  const b = parseThemeColor(second);
  if (a === null || b === null) return 1;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first of `candidates` with at least `minimum`:1 contrast against `background`, else
 * whichever of black and white contrasts more.
 */
export function visibleColorOn(
  background: string,
  candidates: readonly string[],
  minimum = 3,
): string {
  for (const candidate of candidates) {
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background)
    ? '#000000'
    : '#ffffff';
}
