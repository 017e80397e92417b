/**
 * A URL-safe slug of a title: letters and digits of any script joined by hyphens, lower-case, at
 * most 80 characters. Server `url` fields and the web's paths use the same one.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
