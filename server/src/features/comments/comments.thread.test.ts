import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ThreadNodeRow } from './comments.thread.repo.ts';
import { buildThread, type DraftThreadItem } from './comments.thread.ts';

function node(
  commentID: number,
  parentCommentID: number | null,
  depth: number,
  insertUserID = commentID,
): ThreadNodeRow {
  return {
    commentID,
    parentCommentID,
    depth,
    insertUserID,
    dateInserted: '2024-01-01T00:00:00.000Z',
    score: 0,
  };
}

function tree(nodes: ThreadNodeRow[]): Map<number, ThreadNodeRow[]> {
  const children = new Map<number, ThreadNodeRow[]>();
  for (const row of nodes) {
    if (row.parentCommentID === null) continue;
    children.set(row.parentCommentID, [...(children.get(row.parentCommentID) ?? []), row]);
  }
  return children;
}

/** A compact picture of a structure: comment IDs, and holes as `hole(offset:count/users)`. */
function shape(items: readonly DraftThreadItem[]): unknown[] {
  return items.map((item) =>
    item.type === 'hole'
      ? `hole(${String(item.offset)}:${String(item.countAllComments)}/${String(item.insertUserIDs.length)})`
      : item.children.length === 0
        ? item.commentID
        : [item.commentID, shape(item.children)],
  );
}

describe('buildThread', () => {
  // 1 has replies 10..14 (5 children); 10 -> 100 -> 1000 -> 10000 (depth 5); 2 has none.
  const root1 = node(1, null, 1);
  const root2 = node(2, null, 1);
  const replies = [10, 11, 12, 13, 14].map((id) => node(id, 1, 2, id === 14 ? 11 : id));
  const chain = [node(100, 10, 3), node(1000, 100, 4), node(10000, 1000, 5)];
  const childrenOf = tree([...replies, ...chain]);

  test('shows collapseChildLimit children and collapseChildDepth levels; the rest are holes that count everything below', () => {
    const result = buildThread({
      roots: [root1, root2],
      childrenOf,
      collapseChildDepth: 3,
      collapseChildLimit: 3,
      focusIDs: new Set(),
      basePath: '',
    });
    assert.deepEqual(shape(result.items), [
      [1, [[10, [[100, ['hole(0:2/2)']]]], 11, 12, 'hole(3:2/2)']],
      2,
    ]);
    assert.deepEqual(result.shownIDs, [1, 10, 100, 11, 12, 2]);
    const reply = result.items[0];
    assert.ok(reply?.type === 'comment');
    const hole = reply.children[3];
    assert.ok(hole?.type === 'hole');
    assert.equal(hole.parentCommentID, 1);
    assert.equal(hole.depth, 2);
    assert.equal(hole.path, '1.hole3');
    assert.equal(hole.countSiblings, 2);
    assert.deepEqual(hole.insertUserIDs, [13, 11]);
  });

  test('the focused comment and its ancestors are always expanded, splitting holes around them', () => {
    const result = buildThread({
      roots: [root1],
      childrenOf,
      collapseChildDepth: 2,
      collapseChildLimit: 1,
      focusIDs: new Set([1, 10, 100, 1000]),
      basePath: '',
    });
    assert.deepEqual(shape(result.items), [
      [1, [[10, [[100, [[1000, ['hole(0:1/1)']]]]]], 'hole(1:4/3)']],
    ]);

    const middle = buildThread({
      roots: [root1],
      childrenOf,
      collapseChildDepth: 3,
      collapseChildLimit: 1,
      focusIDs: new Set([1, 13]),
      basePath: '',
    });
    assert.deepEqual(shape(middle.items), [
      [1, [[10, [[100, ['hole(0:2/2)']]]], 'hole(1:2/2)', 13, 'hole(4:1/1)']],
    ]);
  });

  test('paths start from the given base (a sub-thread)', () => {
    const result = buildThread({
      roots: [replies[0] as ThreadNodeRow],
      childrenOf,
      collapseChildDepth: 1,
      collapseChildLimit: 3,
      focusIDs: new Set(),
      basePath: '1',
    });
    const item = result.items[0];
    assert.ok(item?.type === 'comment');
    assert.equal(item.path, '1.10');
    assert.equal(item.children[0]?.path, '1.10.hole0');
    assert.equal(item.children[0]?.type === 'hole' ? item.children[0].countAllComments : 0, 3);
  });
});
