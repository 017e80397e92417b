import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ancestorIDs,
  computeTreeFields,
  nestCategories,
  pathCategoryIDs,
  pathSegment,
  subtreePermissionCategoryIDs,
} from './categories.tree.ts';

void test('a path segment is the zero-padded sort then the zero-padded ID', () => {
  assert.equal(pathSegment(3, 42), '0000030000000042');
  assert.ok(pathSegment(2, 99) < pathSegment(10, 1), 'siblings order by sort first');
  assert.ok(pathSegment(1, 5) < pathSegment(1, 6), 'then by ID');
});

void test('IDs and ancestors read back from a path', () => {
  const path = `${pathSegment(0, 1)}${pathSegment(4, 12)}${pathSegment(1, 7)}`;
  assert.deepEqual(pathCategoryIDs(path), [1, 12, 7]);
  assert.deepEqual(ancestorIDs(path), [1, 12]);
  assert.deepEqual(ancestorIDs(pathSegment(0, 1)), []);
  assert.deepEqual(pathCategoryIDs(''), []);
});

void test('computeTreeFields derives paths, depths, permission categories and child counts', () => {
  const fields = computeTreeFields([
    { categoryID: 3, parentCategoryID: 2, sort: 0, customPermissions: false },
    { categoryID: 1, parentCategoryID: null, sort: 1, customPermissions: false },
    { categoryID: 2, parentCategoryID: 1, sort: 0, customPermissions: true },
    { categoryID: 4, parentCategoryID: 1, sort: 1, customPermissions: false },
  ]);
  assert.deepEqual(fields.get(1), {
    treePath: pathSegment(1, 1),
    depth: 1,
    permissionCategoryID: -1,
    countCategories: 2,
  });
  assert.deepEqual(fields.get(3), {
    treePath: `${pathSegment(1, 1)}${pathSegment(0, 2)}${pathSegment(0, 3)}`,
    depth: 3,
    permissionCategoryID: 2,
    countCategories: 0,
  });
  assert.equal(fields.get(2)?.permissionCategoryID, 2);
  assert.equal(fields.get(4)?.permissionCategoryID, -1);
});

void test('computeTreeFields: a missing parent or a cycle makes a category top-level', () => {
  const fields = computeTreeFields([
    { categoryID: 1, parentCategoryID: 99, sort: 0, customPermissions: false },
    { categoryID: 2, parentCategoryID: 3, sort: 0, customPermissions: false },
    { categoryID: 3, parentCategoryID: 2, sort: 0, customPermissions: false },
  ]);
  assert.equal(fields.get(1)?.depth, 1);
  assert.ok((fields.get(2)?.depth ?? 0) <= 2);
  assert.ok((fields.get(3)?.depth ?? 0) <= 2);
});

void test('a subtree inherits the nearest custom ancestor, else what its parent passes down', () => {
  const nodes = [
    { categoryID: 10, parentCategoryID: 1, customPermissions: false },
    { categoryID: 11, parentCategoryID: 10, customPermissions: true },
    { categoryID: 12, parentCategoryID: 11, customPermissions: false },
    { categoryID: 13, parentCategoryID: 10, customPermissions: false },
  ];
  assert.deepEqual(
    [...subtreePermissionCategoryIDs(nodes, 5)],
    [
      [10, 5],
      [11, 11],
      [12, 11],
      [13, 5],
    ],
  );
});

void test('nestCategories keeps order and lifts categories whose parent is absent', () => {
  const items = [
    { categoryID: 1, parentCategoryID: null },
    { categoryID: 2, parentCategoryID: 1 },
    { categoryID: 3, parentCategoryID: 2 },
    { categoryID: 4, parentCategoryID: 99 },
    { categoryID: 5, parentCategoryID: 1 },
  ];
  interface Node {
    id: number;
    children: Node[];
  }
  const tree = nestCategories<(typeof items)[number], Node>(items, (item, children) => ({
    id: item.categoryID,
    children,
  }));
  assert.deepEqual(tree, [
    {
      id: 1,
      children: [
        { id: 2, children: [{ id: 3, children: [] }] },
        { id: 5, children: [] },
      ],
    },
    { id: 4, children: [] },
  ]);
});
