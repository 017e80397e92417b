import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember } from '../../../test/actors.ts';
import type { Comment, CommentEdit, CommentQuote } from '../../../../common/src/api/comments.ts';
import { postTestComment, rich2 } from './comments.test-support.ts';
import { forbidden, useCommentsApi } from './comments.api-fixture.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`comments API: reading comments (${testDialect})`, () => {
  const w = useCommentsApi();

  describe('GET /comments', () => {
    test('a discussion’s comments, oldest first, paged with the contract’s headers', async () => {
      const discussionID = await w.newDiscussion();
      const posted: Comment[] = [];
      for (let index = 1; index <= 5; index += 1)
        posted.push(
          await postTestComment(w.t, w.member, { discussionID, text: `Number ${String(index)}` }),
        );
      const response = await w.get(
        w.guest,
        `/api/v2/comments?discussionID=${String(discussionID)}&limit=2&page=2`,
      );
      assert.equal(response.statusCode, 200, response.body);
      const page = response.json() as Comment[];
      assert.deepEqual(
        page.map((comment) => comment.commentID),
        [posted[2]?.commentID, posted[3]?.commentID],
      );
      assert.equal(response.headers['x-app-page-current'], '2');
      assert.equal(response.headers['x-app-page-limit'], '2');
      assert.equal(response.headers['x-app-page-result-count'], '5');
      assert.match(String(response.headers['x-app-page-next-url']), /page=3/);
      assert.match(String(response.headers['x-app-page-prev-url']), /page=1/);

      const newest = (
        await w.get(
          w.guest,
          `/api/v2/comments?parentRecordType=discussion&parentRecordID=${String(discussionID)}&sort=-dateInserted&limit=1`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        newest.map((comment) => comment.commentID),
        [posted[4]?.commentID],
      );
      const byID = (
        await w.get(
          w.guest,
          `/api/v2/comments?discussionID=${String(discussionID)}&sort=-commentID&limit=2`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        byID.map((comment) => comment.commentID),
        [posted[4]?.commentID, posted[3]?.commentID],
      );
    });

    test('expand: insertUser and body by default, removable; reactions and category on request; reports for moderators', async () => {
      const discussionID = await w.newDiscussion();
      await postTestComment(w.t, w.member, { discussionID });
      const lean = (
        (
          await w.get(
            w.member,
            `/api/v2/comments?discussionID=${String(discussionID)}&expand=-insertUser,-body`,
          )
        ).json() as Comment[]
      )[0];
      assert.ok(lean);
      assert.equal('insertUser' in lean, false);
      assert.equal('body' in lean, false);
      const full = (
        (
          await w.get(
            w.member,
            `/api/v2/comments?discussionID=${String(discussionID)}&expand[]=reactions&expand[]=category&expand[]=reportMeta`,
          )
        ).json() as Comment[]
      )[0];
      assert.ok(full);
      assert.deepEqual(full.reactions, []);
      assert.deepEqual(full.category, {
        categoryID: w.open.categoryID,
        name: 'Chat',
        url: 'http://hearth.test/categories/chat',
      });
      assert.equal('reportMeta' in full, false, 'members do not see reports');
      const moderated = (
        (
          await w.get(
            w.moderator,
            `/api/v2/comments?discussionID=${String(discussionID)}&expand=all`,
          )
        ).json() as Comment[]
      )[0];
      assert.deepEqual(moderated?.reportMeta, {
        countReports: 0,
        countReportUsers: 0,
        dateLastReport: null,
        reportReasonIDs: [],
        reportReasons: [],
        reportUserIDs: [],
        reportUsers: [],
      });
      assert.equal(moderated?.countReports, 0);
    });

    test('replies quote their parent unless quoteParent=false', async () => {
      const discussionID = await w.newDiscussion();
      const top = await postTestComment(w.t, w.member, {
        discussionID,
        text: 'The original thought',
      });
      const reply = await postTestComment(w.t, w.otherMember, {
        discussionID,
        parentCommentID: top.commentID,
        text: 'My answer',
      });
      assert.match(
        reply.body ?? '',
        /^<blockquote class="commentQuote" data-commentid="\d+">.*The original thought.*<\/blockquote><p>My answer<\/p>$/,
      );
      assert.ok((reply.body ?? '').includes(w.member.user.name));
      const plain = (
        await w.get(w.guest, `/api/v2/comments/${String(reply.commentID)}?quoteParent=false`)
      ).json() as Comment;
      assert.equal(plain.body, '<p>My answer</p>');
      const listed = (
        await w.get(w.guest, `/api/v2/comments?discussionID=${String(discussionID)}&quoteParent=0`)
      ).json() as Comment[];
      assert.deepEqual(
        listed.map((comment) => comment.body),
        ['<p>The original thought</p>', '<p>My answer</p>'],
      );
    });

    test('without a discussion, only categories the viewer may view; filters by author and category', async () => {
      const visible = await w.newDiscussion();
      const hidden = await w.newDiscussion({ categoryID: w.restricted.categoryID });
      const author = await asMember(w.t);
      const mine = await postTestComment(w.t, author, { discussionID: visible });
      const secret = await postTestComment(w.t, w.moderator, {
        discussionID: hidden,
        text: 'Staff only',
      });
      const byAuthor = (
        await w.get(w.member, `/api/v2/comments?insertUserID=${String(author.user.userID)}`)
      ).json() as Comment[];
      assert.deepEqual(
        byAuthor.map((comment) => comment.commentID),
        [mine.commentID],
      );

      const asMemberList = (
        await w.get(
          w.member,
          `/api/v2/comments?insertUserID=${String(w.moderator.user.userID)}&limit=100`,
        )
      ).json() as Comment[];
      assert.equal(
        asMemberList.some((comment) => comment.commentID === secret.commentID),
        false,
      );
      const asModeratorList = (
        await w.get(
          w.moderator,
          `/api/v2/comments?insertUserID=${String(w.moderator.user.userID)}&limit=100`,
        )
      ).json() as Comment[];
      assert.equal(
        asModeratorList.some((comment) => comment.commentID === secret.commentID),
        true,
      );

      const byCategory = (
        await w.get(
          w.member,
          `/api/v2/comments?categoryID=${String(w.open.categoryID)}&insertUserID=${String(author.user.userID)}`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        byCategory.map((comment) => comment.commentID),
        [mine.commentID],
      );
      const restrictedCategory = await w.get(
        w.member,
        `/api/v2/comments?categoryID=${String(w.restricted.categoryID)}`,
      );
      assert.equal(restrictedCategory.statusCode, 403);
      assert.deepEqual(restrictedCategory.json(), forbidden('discussions.view'));
      const restrictedDiscussion = await w.get(
        w.member,
        `/api/v2/comments?discussionID=${String(hidden)}`,
      );
      assert.equal(restrictedDiscussion.statusCode, 403);
      assert.equal(
        (await w.get(w.guest, `/api/v2/comments?discussionID=${String(hidden)}`)).statusCode,
        403,
      );
    });

    test('bad query values, a trending sort without a parent, and an unknown discussion', async () => {
      for (const query of [
        'sort=newest',
        'limit=101',
        'limit=0',
        'page=0',
        'dateInserted=yesterday',
        'commentID=a..b',
        'parentRecordType=discussion',
      ]) {
        const response = await w.get(w.member, `/api/v2/comments?${query}`);
        assert.ok(
          response.statusCode === 422 || response.statusCode === 400,
          `${query}: ${response.body}`,
        );
        assert.ok(((response.json() as ErrorBody).errors ?? []).length > 0, query);
      }
      const trending = await w.get(w.member, '/api/v2/comments?sort=-experimentalTrending');
      assert.equal(trending.statusCode, 400);
      assert.equal(
        (trending.json() as ErrorBody).message,
        'Trending sort requires a parentRecordType and parentRecordID.',
      );
      const missing = await w.get(w.member, '/api/v2/comments?discussionID=999999');
      assert.equal(missing.statusCode, 404);
    });

    test('date filters', async () => {
      const discussionID = await w.newDiscussion();
      const comment = await postTestComment(w.t, w.member, { discussionID });
      await w.t.db
        .updateTable('comments')
        .set({ dateInserted: '2020-01-15T10:00:00.000Z' })
        .where('commentID', '=', comment.commentID)
        .execute();
      const inDay = (
        await w.get(
          w.member,
          `/api/v2/comments?discussionID=${String(discussionID)}&dateInserted=2020-01-15`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        inDay.map((row) => row.commentID),
        [comment.commentID],
      );
      const after = (
        await w.get(
          w.member,
          `/api/v2/comments?discussionID=${String(discussionID)}&dateInserted=>2020-01-16`,
        )
      ).json() as Comment[];
      assert.deepEqual(after, []);
    });
  });

  describe('GET /comments/{id}, /edit, /quote', () => {
    test('a comment, its source for the editor, and its quote', async () => {
      const discussionID = await w.newDiscussion();
      const comment = await postTestComment(w.t, w.member, { discussionID, text: 'Quote me' });
      const one = await w.get(w.guest, `/api/v2/comments/${String(comment.commentID)}`);
      assert.equal(one.statusCode, 200, one.body);
      assert.equal((one.json() as Comment).body, '<p>Quote me</p>');
      assert.deepEqual((one.json() as Comment).permissions, {
        'comments.add': false,
        'comments.edit': false,
        'comments.delete': false,
      });

      const edit = await w.get(w.member, `/api/v2/comments/${String(comment.commentID)}/edit`);
      assert.equal(edit.statusCode, 200, edit.body);
      assert.deepEqual(edit.json() as CommentEdit, {
        commentID: comment.commentID,
        discussionID,
        parentRecordType: 'discussion',
        parentRecordID: discussionID,
        parentCommentID: null,
        body: rich2('Quote me'),
        format: 'rich2',
      });
      assert.equal(
        (await w.get(w.moderator, `/api/v2/comments/${String(comment.commentID)}/edit`)).statusCode,
        200,
      );
      const notAuthor = await w.get(
        w.otherMember,
        `/api/v2/comments/${String(comment.commentID)}/edit`,
      );
      assert.equal(notAuthor.statusCode, 403);
      assert.deepEqual(notAuthor.json(), forbidden('comments.edit'));
      assert.equal(
        (await w.get(w.guest, `/api/v2/comments/${String(comment.commentID)}/edit`)).statusCode,
        403,
      );

      const quote = await w.get(
        w.otherMember,
        `/api/v2/comments/${String(comment.commentID)}/quote`,
      );
      assert.equal(quote.statusCode, 200, quote.body);
      const quoted = quote.json() as CommentQuote;
      assert.equal(quoted.bodyRaw, rich2('Quote me'));
      assert.equal(quoted.format, 'rich2');
      assert.equal(quoted.insertUser.userID, w.member.user.userID);
      assert.equal(quoted.url, comment.url);
    });

    test('404 for unknown comments, 403 where the viewer cannot see the category', async () => {
      for (const path of ['', '/edit', '/quote']) {
        const missing = await w.get(w.moderator, `/api/v2/comments/999999${path}`);
        assert.equal(missing.statusCode, 404, path);
        assert.equal((missing.json() as ErrorBody).message, 'Comment not found.');
      }
      const hidden = await w.newDiscussion({ categoryID: w.restricted.categoryID });
      const secret = await postTestComment(w.t, w.moderator, { discussionID: hidden });
      for (const path of ['', '/edit', '/quote']) {
        const denied = await w.get(w.member, `/api/v2/comments/${String(secret.commentID)}${path}`);
        assert.equal(denied.statusCode, 403, path);
        assert.deepEqual(denied.json(), forbidden('discussions.view'));
      }
      assert.equal((await w.get(w.member, '/api/v2/comments/abc')).statusCode, 422);
    });
  });
});
