import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CommentListSort } from '../../../../common/src/api/comments.ts';
import { testDialect } from '../../../test/harness.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import { useCommentsApi } from './comments.api-fixture.ts';
import { countCommentPage, findCommentPage } from './comments.discussion-page.repo.ts';
import { countComments, findComments, type CommentListFilter } from './comments.list.repo.ts';
import { postTestComment } from './comments.test-support.ts';

// Issue 18: a discussion's comment page runs statements compiled once; they answer what the
// general list query answers for the same filter, sort, page and viewer scope.
describe(`a discussion's comment page, compiled once (${testDialect})`, () => {
  const w = useCommentsApi();

  test('the same comments and totals as the general list query, for every sort, page and scope', async () => {
    const discussionID = await w.newDiscussion();
    const restrictedID = await w.newDiscussion({ categoryID: w.restricted.categoryID });
    const pendingID = await w.newDiscussion({ moderationStatus: 'pending' });
    const ids: number[] = [];
    for (let index = 1; index <= 5; index += 1)
      ids.push(
        (await postTestComment(w.t, w.member, { discussionID, text: `Number ${String(index)}` }))
          .commentID,
      );
    await postTestComment(w.t, w.admin, { discussionID: restrictedID, text: 'Staff only.' });
    // A comment waiting for approval is in neither answer.
    await w.t.db
      .updateTable('comments')
      .set({ moderationStatus: 'pending' })
      .where('commentID', '=', ids[2]!)
      .execute();
    const [open, restricted] = await Promise.all(
      [w.open, w.restricted].map((category) =>
        w.t.db
          .selectFrom('categories')
          .select('permissionCategoryID')
          .where('categoryID', '=', category.categoryID)
          .executeTakeFirstOrThrow(),
      ),
    );
    const scopes: CategoryScope[] = [
      { all: true },
      { all: false, permissionCategoryIDs: [open!.permissionCategoryID] },
      { all: false, permissionCategoryIDs: [restricted!.permissionCategoryID] },
      {
        all: false,
        permissionCategoryIDs: [open!.permissionCategoryID, restricted!.permissionCategoryID],
      },
      { all: false, permissionCategoryIDs: [] },
    ];
    const sorts: CommentListSort[] = [
      'dateInserted',
      '-dateInserted',
      'commentID',
      '-commentID',
      'score',
    ];
    let compared = 0;
    for (const id of [discussionID, restrictedID, pendingID]) {
      for (const viewScope of scopes) {
        const filter: CommentListFilter = {
          viewScope,
          discussionID: id,
          insertUserRoleIDs: [],
          dateInserted: [],
        };
        assert.equal(await countCommentPage(w.t.db, filter), await countComments(w.t.db, filter));
        for (const sort of sorts) {
          for (const [limit, offset] of [
            [30, 0],
            [2, 0],
            [2, 2],
            [2, 10],
          ] as const) {
            const expected = await findComments(w.t.db, filter, { sort, limit, offset });
            const actual = await findCommentPage(w.t.db, filter, { sort, limit, offset });
            assert.deepEqual(
              actual,
              expected,
              `${String(id)} ${JSON.stringify(viewScope)} ${sort} ${String(limit)}/${String(offset)}`,
            );
            compared += expected.length;
          }
        }
      }
    }
    assert.ok(compared > 0);
    const page = await findCommentPage(
      w.t.db,
      { viewScope: { all: true }, discussionID },
      { sort: '-dateInserted', limit: 30, offset: 0 },
    );
    assert.deepEqual(
      page.map((row) => row.commentID),
      [ids[4], ids[3], ids[1], ids[0]],
    );
    assert.equal(await countCommentPage(w.t.db, { viewScope: { all: true }, discussionID }), 4);
  });
});
