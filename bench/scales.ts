/** Dataset sizes of `npm run bench -- --scale S|M|L` (issue 4). */
export interface Scale {
  name: 'S' | 'M' | 'L';
  discussions: number;
  comments: number;
  users: number;
  categories: number;
  tags: number;
  /** Discussions with more than 50 pages of comments (the page-50 run reads one of them). */
  longDiscussions: number;
  /** Comments of each long discussion: 50 pages of 30 plus some. */
  longDiscussionComments: number;
  /** Default measured seconds per endpoint. */
  duration: number;
}

export const scales: Record<Scale['name'], Scale> = {
  S: { name: 'S', discussions: 10_000, comments: 100_000, users: 1_000, categories: 50, tags: 100, longDiscussions: 3, longDiscussionComments: 1_600, duration: 10 },
  M: { name: 'M', discussions: 100_000, comments: 1_000_000, users: 10_000, categories: 200, tags: 500, longDiscussions: 10, longDiscussionComments: 1_600, duration: 15 },
  L: { name: 'L', discussions: 1_000_000, comments: 5_000_000, users: 100_000, categories: 500, tags: 2_000, longDiscussions: 30, longDiscussionComments: 1_600, duration: 20 },
};

/** Bump when the generated data changes: a database seeded by another version is seeded again. */
export const SEED_VERSION = 2;

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}
