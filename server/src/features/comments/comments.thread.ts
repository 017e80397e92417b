import type { ThreadCommentItem, ThreadItem } from '../../../../common/src/api/comments.ts';
import type { ThreadNodeRow } from './comments.thread.repo.ts';

/** A collapsed branch before its users are resolved to fragments. */
export interface HoleDraft {
  holeID: string;
  parentCommentID: number;
  depth: number;
  path: string;
  offset: number;
  /** How many siblings the hole stands for (what `apiUrl` loads). */
  countSiblings: number;
  countAllComments: number;
  /** Distinct authors in the hole, in thread order. */
  insertUserIDs: number[];
}

/** A hole in the built structure; `apiUrl` and users are filled in by the service. */
export type DraftThreadItem =
  | (Omit<ThreadCommentItem, 'children'> & { children: DraftThreadItem[] })
  | ({ type: 'hole' } & HoleDraft);

export interface ThreadBuildInput {
  /** The page's items, in order (level 1). */
  roots: readonly ThreadNodeRow[];
  /** Every loaded reply by parent ID, each list in sibling order. */
  childrenOf: ReadonlyMap<number, readonly ThreadNodeRow[]>;
  /** Children at a level above this are collapsed into a hole (roots are level 1). */
  collapseChildDepth: number;
  /** At most this many children of a comment are shown; the rest become a hole. */
  collapseChildLimit: number;
  /** The focused comment and its ancestors: always shown (api-contract §9 `focusCommentID`). */
  focusIDs: ReadonlySet<number>;
  /** The path of the roots' parent ('' at the top level). */
  basePath: string;
}

export interface ThreadBuildResult {
  items: DraftThreadItem[];
  /** IDs of every comment placed in the structure, in order. */
  shownIDs: number[];
}

function joinPath(base: string, segment: string): string {
  return base === '' ? segment : `${base}.${segment}`;
}

/**
 * Builds `threadStructure` (api-contract §9): roots with their replies down to
 * `collapseChildDepth` levels and `collapseChildLimit` children each; the other replies become
 * holes counting every comment and author below them. The focused chain is always expanded.
 */
export function buildThread(input: ThreadBuildInput): ThreadBuildResult {
  const shownIDs: number[] = [];
  const sizes = new Map<number, number>();

  const subtreeSize = (node: ThreadNodeRow): number => {
    const known = sizes.get(node.commentID);
    if (known !== undefined) return known;
    let size = 1;
    for (const child of input.childrenOf.get(node.commentID) ?? []) size += subtreeSize(child);
    sizes.set(node.commentID, size);
    return size;
  };

  const collectUsers = (node: ThreadNodeRow, into: number[], seen: Set<number>): void => {
    if (!seen.has(node.insertUserID)) {
      seen.add(node.insertUserID);
      into.push(node.insertUserID);
    }
    for (const child of input.childrenOf.get(node.commentID) ?? []) collectUsers(child, into, seen);
  };

  const hole = (
    parent: ThreadNodeRow,
    parentPath: string,
    run: readonly ThreadNodeRow[],
    offset: number,
  ): DraftThreadItem => {
    const insertUserIDs: number[] = [];
    const seen = new Set<number>();
    for (const node of run) collectUsers(node, insertUserIDs, seen);
    return {
      type: 'hole',
      holeID: `${String(parent.commentID)}-${String(offset)}`,
      parentCommentID: parent.commentID,
      depth: parent.depth + 1,
      path: joinPath(parentPath, `hole${String(offset)}`),
      offset,
      countSiblings: run.length,
      countAllComments: run.reduce((sum, node) => sum + subtreeSize(node), 0),
      insertUserIDs,
    };
  };

  const build = (node: ThreadNodeRow, level: number, parentPath: string): DraftThreadItem => {
    const path = joinPath(parentPath, String(node.commentID));
    shownIDs.push(node.commentID);
    const children = input.childrenOf.get(node.commentID) ?? [];
    const collapsed = level >= input.collapseChildDepth;
    const items: DraftThreadItem[] = [];
    let run: ThreadNodeRow[] = [];
    let runOffset = 0;
    children.forEach((child, index) => {
      const visible =
        input.focusIDs.has(child.commentID) || (!collapsed && index < input.collapseChildLimit);
      if (!visible) {
        if (run.length === 0) runOffset = index;
        run.push(child);
        return;
      }
      if (run.length > 0) {
        items.push(hole(node, path, run, runOffset));
        run = [];
      }
      items.push(build(child, level + 1, path));
    });
    if (run.length > 0) items.push(hole(node, path, run, runOffset));
    return {
      type: 'comment',
      commentID: node.commentID,
      parentCommentID: node.parentCommentID,
      depth: node.depth,
      path,
      children: items,
    };
  };

  const items = input.roots.map((root) => build(root, 1, input.basePath));
  return { items, shownIDs };
}

/** Replaces hole drafts with the wire shape, given each hole's users and URL. */
export function finishThread(
  items: readonly DraftThreadItem[],
  finishHole: (hole: HoleDraft) => Extract<ThreadItem, { type: 'hole' }>,
): ThreadItem[] {
  return items.map((item) => {
    if (item.type === 'hole') return finishHole(item);
    return { ...item, children: finishThread(item.children, finishHole) };
  });
}
