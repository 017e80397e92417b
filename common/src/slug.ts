/**
 * A URL-safe slug of a title: letters and digits of any script joined by hyphens, lower-case, at
 * most 80 characters. Server `url` fields and the web's paths use the same one.
 */
export function slugify(name: string): string {
  // Issue 18: every list presents a URL per row, so titles seen lately keep their slug (NFKC and
  // two Unicode regular expressions per title were ~1 % of a list's CPU).
  let slug = recentSlugs.get(name);
  if (slug === undefined) {
    slug = slugOf(name);
    if (recentSlugs.size >= RECENT_SLUGS) recentSlugs.clear();
    recentSlugs.set(name, slug);
  }
  return slug;
}

/** Titles whose slugs are kept (a few hundred KB at most). */
const RECENT_SLUGS = 5_000;
const recentSlugs = new Map<string, string>();

function slugOf(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
