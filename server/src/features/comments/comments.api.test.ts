import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Comment, CommentEdit, CommentQuote } from '../../../../common/src/api/comments.ts';
import {
  categoryCounters,
  createTestDiscussion,
  discussionCounters,
  insertTestDiscussion,
  postTestComment,
  rich2,
  setSettings,
  userCommentCount,
} from './comments.test-support.ts';

interface ErrorBody {
  message: string;
  status: number;
  description?: string;
  permissions?: string[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

/** API dates carry whole seconds. */
const seconds = (date: string) => Math.floor(new Date(date).getTime() / 1000);

const forbidden = (permission: string) => ({
  message: 'Permission Problem',
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

describe(`comments API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let otherMember: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let unconfirmed: TestActor<TestUser>;
  let guest: TestActor<null>;
  let parent: Category;
  let open: Category;
  let restricted: Category;

  const createCategory = async (body: Record<string, unknown>): Promise<Category> => {
    const response = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/categories',
      payload: body,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Category;
  };

  const roleIDOf = async (type: string): Promise<number> =>
    (
      await t.db
        .selectFrom('roles')
        .select('roleID')
        .where('type', '=', type)
        .executeTakeFirstOrThrow()
    ).roleID;

  const newDiscussion = (
    input: {
      categoryID?: number;
      closed?: boolean;
      name?: string;
      moderationStatus?: 'accepted' | 'pending';
    } = {},
  ) => {
    const categoryID = input.categoryID ?? open.categoryID;
    const name = input.name ?? 'Fireside chat';
    return input.moderationStatus === 'pending'
      ? insertTestDiscussion(t, {
          categoryID,
          insertUserID: admin.user.userID,
          name,
          moderationStatus: 'pending',
        })
      : createTestDiscussion(t, admin, { categoryID, name, closed: input.closed ?? false });
  };

  const post = (actor: TestActor | null, payload: unknown) =>
    inject(t, actor, {
      method: 'POST',
      url: '/api/v2/comments',
      payload: payload as Record<string, unknown>,
    });

  const get = (actor: TestActor | null, url: string) => inject(t, actor, { method: 'GET', url });

  const patch = (actor: TestActor | null, commentID: number, payload: Record<string, unknown>) =>
    inject(t, actor, { method: 'PATCH', url: `/api/v2/comments/${String(commentID)}`, payload });

  const remove = (actor: TestActor | null, commentID: number) =>
    inject(t, actor, { method: 'DELETE', url: `/api/v2/comments/${String(commentID)}` });

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    otherMember = await asMember(t);
    moderator = await asModerator(t);
    unconfirmed = await asUser(t, { roleTypes: ['unconfirmed'] });
    guest = await asGuest(t);
    // Most tests post many comments quickly: flood control gets its own test.
    await setSettings(t, admin, { 'floodControl.comments.count': 1000 });
    parent = await createCategory({ name: 'Lounge', urlcode: 'lounge' });
    open = await createCategory({
      name: 'Chat',
      urlcode: 'chat',
      parentCategoryID: parent.categoryID,
    });
    const memberRoleID = await roleIDOf('member');
    const guestRoleID = await roleIDOf('guest');
    const unconfirmedRoleID = await roleIDOf('unconfirmed');
    restricted = await createCategory({
      name: 'Staff Room',
      urlcode: 'staff-room',
      customPermissions: true,
      permissions: [
        { roleID: memberRoleID, permissions: { 'discussions.view': false, 'comments.add': false } },
        { roleID: guestRoleID, permissions: { 'discussions.view': false } },
        { roleID: unconfirmedRoleID, permissions: { 'discussions.view': false } },
      ],
    });
  });
  after(async () => {
    await t.close();
  });

  describe('POST /comments', () => {
    test('a member comments: 201 with the comment, and every counter moves in the same write', async () => {
      const discussionID = await newDiscussion({ name: 'Counting things' });
      const before = await categoryCounters(t, open.categoryID);
      const parentBefore = await categoryCounters(t, parent.categoryID);
      const countBefore = await userCommentCount(t, member.user.userID);

      const response = await post(member, {
        body: rich2('Hello **there**'),
        format: 'RICH2',
        parentRecordType: 'discussion',
        parentRecordID: discussionID,
      });
      assert.equal(response.statusCode, 201, response.body);
      const comment = response.json() as Comment;
      assert.equal(comment.discussionID, discussionID);
      assert.equal(comment.parentRecordType, 'discussion');
      assert.equal(comment.parentRecordID, discussionID);
      assert.equal(comment.parentCommentID, null);
      assert.equal(comment.depth, 1);
      assert.equal(comment.name, 'Re: Counting things');
      assert.equal(comment.categoryID, open.categoryID);
      assert.equal(comment.format, 'rich2');
      assert.match(comment.body ?? '', /^<p>Hello \*\*there\*\*<\/p>$/);
      assert.equal(comment.insertUserID, member.user.userID);
      assert.equal(comment.insertUser?.name, member.user.name);
      assert.equal(
        comment.url,
        `http://hearth.test/discussion/comment/${String(comment.commentID)}#Comment_${String(comment.commentID)}`,
      );
      assert.equal(comment.moderationStatus, 'accepted');
      assert.equal(comment.displayType, 'full');
      assert.match(comment.dateInserted, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      assert.deepEqual(comment.permissions, {
        'comments.add': true,
        'comments.edit': true,
        'comments.delete': false,
      });
      assert.equal('reportMeta' in comment, false);

      const discussion = await discussionCounters(t, discussionID);
      assert.equal(discussion.countComments, 1);
      assert.equal(discussion.lastCommentID, comment.commentID);
      assert.equal(discussion.lastCommentUserID, member.user.userID);
      assert.equal(seconds(discussion.dateLastComment), seconds(comment.dateInserted));
      assert.ok(discussion.hot >= Math.floor(new Date(comment.dateInserted).getTime() / 1000) - 1);

      const after = await categoryCounters(t, open.categoryID);
      assert.equal(after.countComments, before.countComments + 1);
      assert.equal(after.countAllComments, before.countAllComments + 1);
      assert.equal(after.lastCommentID, comment.commentID);
      assert.equal(after.lastDiscussionID, discussionID);
      const parentAfter = await categoryCounters(t, parent.categoryID);
      assert.equal(
        parentAfter.countComments,
        parentBefore.countComments,
        'own count of the ancestor stays',
      );
      assert.equal(parentAfter.countAllComments, parentBefore.countAllComments + 1);
      assert.equal(await userCommentCount(t, member.user.userID), countBefore + 1);

      const state = await t.db
        .selectFrom('userDiscussions')
        .select(['participated', 'countCommentsRead'])
        .where('userID', '=', member.user.userID)
        .where('discussionID', '=', discussionID)
        .executeTakeFirstOrThrow();
      assert.equal(Boolean(state.participated), true);
      assert.equal(state.countCommentsRead, 1);
    });

    test('discussionID may stand for parentRecordType + parentRecordID', async () => {
      const discussionID = await newDiscussion();
      const response = await post(member, { body: 'Plain words', format: 'text', discussionID });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal((response.json() as Comment).discussionID, discussionID);
    });

    test('bad input is refused field by field', async () => {
      const discussionID = await newDiscussion();
      const base = {
        body: rich2('x'),
        format: 'rich2',
        parentRecordType: 'discussion',
        parentRecordID: discussionID,
      };
      const cases: [Record<string, unknown>, string, number][] = [
        [{ ...base, body: undefined }, 'body', 400],
        [{ ...base, format: undefined }, 'format', 400],
        [{ ...base, format: 'ipb' }, 'format', 422],
        [{ ...base, parentRecordID: undefined }, 'parentRecordID', 400],
        [{ ...base, parentRecordType: 'article' }, 'parentRecordType', 422],
        [{ ...base, parentCommentID: 'one' }, 'parentCommentID', 422],
        [{ ...base, body: rich2('') }, 'body', 400],
        [{ ...base, body: '{not json' }, 'body', 422],
        [{ ...base, body: 'x'.repeat(8001), format: 'text' }, 'body', 422],
      ];
      for (const [payload, field, status] of cases) {
        const response = await post(member, payload);
        assert.equal(response.statusCode, status, `${field}: ${response.body}`);
        const body = response.json() as ErrorBody;
        assert.ok(
          body.errors?.some((error) => error.field === field),
          `${field}: ${response.body}`,
        );
      }
      const format = (await post(member, { ...base, format: 'nope' })).json() as ErrorBody;
      assert.match(
        format.errors?.[0]?.message ?? '',
        /^format must be one of: rich2, rich, markdown/,
      );
      assert.equal((await discussionCounters(t, discussionID)).countComments, 0);
    });

    test('403 for a guest, a role without comments.add, and a member in a category they cannot see; 404 for no discussion', async () => {
      const discussionID = await newDiscussion();
      const payload = { body: rich2('x'), format: 'rich2', discussionID };
      const asGuestResponse = await post(guest, payload);
      assert.equal(asGuestResponse.statusCode, 403);
      assert.deepEqual(asGuestResponse.json(), forbidden('comments.add'));
      const asUnconfirmed = await post(unconfirmed, payload);
      assert.equal(asUnconfirmed.statusCode, 403);
      assert.deepEqual(asUnconfirmed.json(), forbidden('comments.add'));

      const hidden = await newDiscussion({ categoryID: restricted.categoryID });
      const denied = await post(member, { ...payload, discussionID: hidden });
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), forbidden('discussions.view'));
      const allowed = await post(moderator, { ...payload, discussionID: hidden });
      assert.equal(allowed.statusCode, 201, allowed.body);

      const missing = await post(member, { ...payload, discussionID: 999_999 });
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Discussion not found.');
      const pending = await newDiscussion({ moderationStatus: 'pending' });
      assert.equal((await post(member, { ...payload, discussionID: pending })).statusCode, 404);
      assert.equal((await discussionCounters(t, discussionID)).countComments, 0);
    });

    test('a closed discussion takes comments only from those who may close it', async () => {
      const discussionID = await newDiscussion({ closed: true });
      const payload = { body: rich2('Late word'), format: 'rich2', discussionID };
      const refused = await post(member, payload);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('discussions.close'));
      const accepted = await post(moderator, payload);
      assert.equal(accepted.statusCode, 201, accepted.body);
      const comment = accepted.json() as Comment;
      assert.equal(comment.permissions['comments.add'], true);
      const seenByMember = (
        await get(member, `/api/v2/comments/${String(comment.commentID)}`)
      ).json() as Comment;
      assert.equal(
        seenByMember.permissions['comments.add'],
        false,
        'members may not reply in a closed discussion',
      );
    });

    test('threaded replies: depth, parent counters, the same thread, at most five deep', async () => {
      const discussionID = await newDiscussion();
      const top = await postTestComment(t, member, { discussionID, text: 'Level one' });
      let parentID = top.commentID;
      for (let depth = 2; depth <= 5; depth += 1) {
        const reply = await postTestComment(t, otherMember, {
          discussionID,
          parentCommentID: parentID,
          text: `Level ${String(depth)}`,
        });
        assert.equal(reply.depth, depth);
        assert.equal(reply.parentCommentID, parentID);
        parentID = reply.commentID;
      }
      const tooDeep = await post(member, {
        body: rich2('Level six'),
        format: 'rich2',
        discussionID,
        parentCommentID: parentID,
      });
      assert.equal(tooDeep.statusCode, 400);
      assert.equal((tooDeep.json() as ErrorBody).message, 'Comment exceeds maximum depth.');

      const refreshedTop = (
        await get(member, `/api/v2/comments/${String(top.commentID)}`)
      ).json() as Comment;
      assert.equal(refreshedTop.countChildComments, 1);

      const elsewhere = await newDiscussion();
      const crossed = await post(member, {
        body: rich2('Wrong place'),
        format: 'rich2',
        discussionID: elsewhere,
        parentCommentID: top.commentID,
      });
      assert.equal(crossed.statusCode, 400);
      assert.equal(
        (crossed.json() as ErrorBody).message,
        'Parent comment is from a different thread.',
      );
      const missingParent = await post(member, {
        body: rich2('Orphan'),
        format: 'rich2',
        discussionID,
        parentCommentID: 999_999,
      });
      assert.equal(missingParent.statusCode, 404);
      assert.equal((await discussionCounters(t, discussionID)).countComments, 5);
    });

    test('posting as another user needs site.manage', async () => {
      const discussionID = await newDiscussion();
      const payload = {
        body: rich2('Ghost writer'),
        format: 'rich2',
        discussionID,
        insertUserID: otherMember.user.userID,
      };
      const refused = await post(member, payload);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('site.manage'));
      const accepted = await post(admin, payload);
      assert.equal(accepted.statusCode, 201, accepted.body);
      assert.equal((accepted.json() as Comment).insertUserID, otherMember.user.userID);
      const unknown = await post(admin, { ...payload, insertUserID: 999_999 });
      assert.equal(unknown.statusCode, 404);
    });

    test('premoderation: a member’s comment answers 202 and counts nowhere; moderators skip the queue', async () => {
      const discussionID = await newDiscussion();
      await setSettings(t, admin, { 'premoderation.comments': true });
      try {
        const countBefore = await userCommentCount(t, member.user.userID);
        const queued = await post(member, {
          body: rich2('Please approve'),
          format: 'rich2',
          discussionID,
        });
        assert.equal(queued.statusCode, 202, queued.body);
        assert.deepEqual(queued.json(), {
          message: 'Your comment will appear after it is approved.',
          status: 202,
        });
        const stored = await t.db
          .selectFrom('comments')
          .select(['commentID', 'moderationStatus'])
          .where('discussionID', '=', discussionID)
          .execute();
        assert.deepEqual(
          stored.map((row) => row.moderationStatus),
          ['pending'],
        );
        assert.equal((await discussionCounters(t, discussionID)).countComments, 0);
        assert.equal(await userCommentCount(t, member.user.userID), countBefore);
        const list = (
          await get(otherMember, `/api/v2/comments?discussionID=${String(discussionID)}`)
        ).json() as Comment[];
        assert.deepEqual(list, []);
        const pendingID = stored[0]?.commentID ?? 0;
        assert.equal(
          (await get(otherMember, `/api/v2/comments/${String(pendingID)}`)).statusCode,
          404,
        );
        assert.equal(
          (await get(member, `/api/v2/comments/${String(pendingID)}`)).statusCode,
          200,
          'the author sees their queued comment',
        );

        const direct = await post(moderator, {
          body: rich2('Straight in'),
          format: 'rich2',
          discussionID,
        });
        assert.equal(direct.statusCode, 201, direct.body);
        assert.equal((await discussionCounters(t, discussionID)).countComments, 1);
      } finally {
        await setSettings(t, admin, { 'premoderation.comments': false });
      }
    });

    test('flood control: the post past the limit answers 429 on body; moderators are exempt', async () => {
      const discussionID = await newDiscussion();
      const flooder = await asMember(t);
      await setSettings(t, admin, {
        'floodControl.comments.count': 3,
        'floodControl.comments.seconds': 60,
        'floodControl.comments.lockSeconds': 120,
      });
      try {
        for (let index = 0; index < 3; index += 1)
          await postTestComment(t, flooder, { discussionID });
        const blocked = await post(flooder, {
          body: rich2('One more'),
          format: 'rich2',
          discussionID,
        });
        assert.equal(blocked.statusCode, 429, blocked.body);
        const message =
          'You have posted 3 times within 60 seconds. A spam block is now in effect on your account. You must wait at least 120 seconds before attempting to post again.';
        const body = blocked.json() as ErrorBody;
        assert.equal(body.message, message);
        assert.deepEqual(
          body.errors?.map((error) => [error.field, error.message]),
          [['body', message]],
        );
        assert.ok(Number(blocked.headers['retry-after']) > 0);
        assert.equal((await discussionCounters(t, discussionID)).countComments, 3);

        for (let index = 0; index < 4; index += 1)
          await postTestComment(t, moderator, { discussionID });
      } finally {
        await setSettings(t, admin, { 'floodControl.comments.count': 1000 });
      }
    });
  });

  describe('GET /comments', () => {
    test('a discussion’s comments, oldest first, paged with the contract’s headers', async () => {
      const discussionID = await newDiscussion();
      const posted: Comment[] = [];
      for (let index = 1; index <= 5; index += 1)
        posted.push(
          await postTestComment(t, member, { discussionID, text: `Number ${String(index)}` }),
        );
      const response = await get(
        guest,
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
        await get(
          guest,
          `/api/v2/comments?parentRecordType=discussion&parentRecordID=${String(discussionID)}&sort=-dateInserted&limit=1`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        newest.map((comment) => comment.commentID),
        [posted[4]?.commentID],
      );
      const byID = (
        await get(
          guest,
          `/api/v2/comments?discussionID=${String(discussionID)}&sort=-commentID&limit=2`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        byID.map((comment) => comment.commentID),
        [posted[4]?.commentID, posted[3]?.commentID],
      );
    });

    test('expand: insertUser and body by default, removable; reactions and category on request; reports for moderators', async () => {
      const discussionID = await newDiscussion();
      await postTestComment(t, member, { discussionID });
      const lean = (
        (
          await get(
            member,
            `/api/v2/comments?discussionID=${String(discussionID)}&expand=-insertUser,-body`,
          )
        ).json() as Comment[]
      )[0];
      assert.ok(lean);
      assert.equal('insertUser' in lean, false);
      assert.equal('body' in lean, false);
      const full = (
        (
          await get(
            member,
            `/api/v2/comments?discussionID=${String(discussionID)}&expand[]=reactions&expand[]=category&expand[]=reportMeta`,
          )
        ).json() as Comment[]
      )[0];
      assert.ok(full);
      assert.deepEqual(full.reactions, []);
      assert.deepEqual(full.category, {
        categoryID: open.categoryID,
        name: 'Chat',
        url: 'http://hearth.test/categories/chat',
      });
      assert.equal('reportMeta' in full, false, 'members do not see reports');
      const moderated = (
        (
          await get(moderator, `/api/v2/comments?discussionID=${String(discussionID)}&expand=all`)
        ).json() as Comment[]
      )[0];
      assert.deepEqual(moderated?.reportMeta, { countReports: 0 });
      assert.equal(moderated?.countReports, 0);
    });

    test('replies quote their parent unless quoteParent=false', async () => {
      const discussionID = await newDiscussion();
      const top = await postTestComment(t, member, { discussionID, text: 'The original thought' });
      const reply = await postTestComment(t, otherMember, {
        discussionID,
        parentCommentID: top.commentID,
        text: 'My answer',
      });
      assert.match(
        reply.body ?? '',
        /^<blockquote class="commentQuote" data-commentid="\d+">.*The original thought.*<\/blockquote><p>My answer<\/p>$/,
      );
      assert.ok((reply.body ?? '').includes(member.user.name));
      const plain = (
        await get(guest, `/api/v2/comments/${String(reply.commentID)}?quoteParent=false`)
      ).json() as Comment;
      assert.equal(plain.body, '<p>My answer</p>');
      const listed = (
        await get(guest, `/api/v2/comments?discussionID=${String(discussionID)}&quoteParent=0`)
      ).json() as Comment[];
      assert.deepEqual(
        listed.map((comment) => comment.body),
        ['<p>The original thought</p>', '<p>My answer</p>'],
      );
    });

    test('without a discussion, only categories the viewer may view; filters by author and category', async () => {
      const visible = await newDiscussion();
      const hidden = await newDiscussion({ categoryID: restricted.categoryID });
      const author = await asMember(t);
      const mine = await postTestComment(t, author, { discussionID: visible });
      const secret = await postTestComment(t, moderator, {
        discussionID: hidden,
        text: 'Staff only',
      });
      const byAuthor = (
        await get(member, `/api/v2/comments?insertUserID=${String(author.user.userID)}`)
      ).json() as Comment[];
      assert.deepEqual(
        byAuthor.map((comment) => comment.commentID),
        [mine.commentID],
      );

      const asMemberList = (
        await get(
          member,
          `/api/v2/comments?insertUserID=${String(moderator.user.userID)}&limit=100`,
        )
      ).json() as Comment[];
      assert.equal(
        asMemberList.some((comment) => comment.commentID === secret.commentID),
        false,
      );
      const asModeratorList = (
        await get(
          moderator,
          `/api/v2/comments?insertUserID=${String(moderator.user.userID)}&limit=100`,
        )
      ).json() as Comment[];
      assert.equal(
        asModeratorList.some((comment) => comment.commentID === secret.commentID),
        true,
      );

      const byCategory = (
        await get(
          member,
          `/api/v2/comments?categoryID=${String(open.categoryID)}&insertUserID=${String(author.user.userID)}`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        byCategory.map((comment) => comment.commentID),
        [mine.commentID],
      );
      const restrictedCategory = await get(
        member,
        `/api/v2/comments?categoryID=${String(restricted.categoryID)}`,
      );
      assert.equal(restrictedCategory.statusCode, 403);
      assert.deepEqual(restrictedCategory.json(), forbidden('discussions.view'));
      const restrictedDiscussion = await get(
        member,
        `/api/v2/comments?discussionID=${String(hidden)}`,
      );
      assert.equal(restrictedDiscussion.statusCode, 403);
      assert.equal(
        (await get(guest, `/api/v2/comments?discussionID=${String(hidden)}`)).statusCode,
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
        const response = await get(member, `/api/v2/comments?${query}`);
        assert.ok(
          response.statusCode === 422 || response.statusCode === 400,
          `${query}: ${response.body}`,
        );
        assert.ok(((response.json() as ErrorBody).errors ?? []).length > 0, query);
      }
      const trending = await get(member, '/api/v2/comments?sort=-experimentalTrending');
      assert.equal(trending.statusCode, 400);
      assert.equal(
        (trending.json() as ErrorBody).message,
        'Trending sort requires a parentRecordType and parentRecordID.',
      );
      const missing = await get(member, '/api/v2/comments?discussionID=999999');
      assert.equal(missing.statusCode, 404);
    });

    test('date filters', async () => {
      const discussionID = await newDiscussion();
      const comment = await postTestComment(t, member, { discussionID });
      await t.db
        .updateTable('comments')
        .set({ dateInserted: '2020-01-15T10:00:00.000Z' })
        .where('commentID', '=', comment.commentID)
        .execute();
      const inDay = (
        await get(
          member,
          `/api/v2/comments?discussionID=${String(discussionID)}&dateInserted=2020-01-15`,
        )
      ).json() as Comment[];
      assert.deepEqual(
        inDay.map((row) => row.commentID),
        [comment.commentID],
      );
      const after = (
        await get(
          member,
          `/api/v2/comments?discussionID=${String(discussionID)}&dateInserted=>2020-01-16`,
        )
      ).json() as Comment[];
      assert.deepEqual(after, []);
    });
  });

  describe('GET /comments/{id}, /edit, /quote', () => {
    test('a comment, its source for the editor, and its quote', async () => {
      const discussionID = await newDiscussion();
      const comment = await postTestComment(t, member, { discussionID, text: 'Quote me' });
      const one = await get(guest, `/api/v2/comments/${String(comment.commentID)}`);
      assert.equal(one.statusCode, 200, one.body);
      assert.equal((one.json() as Comment).body, '<p>Quote me</p>');
      assert.deepEqual((one.json() as Comment).permissions, {
        'comments.add': false,
        'comments.edit': false,
        'comments.delete': false,
      });

      const edit = await get(member, `/api/v2/comments/${String(comment.commentID)}/edit`);
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
        (await get(moderator, `/api/v2/comments/${String(comment.commentID)}/edit`)).statusCode,
        200,
      );
      const notAuthor = await get(
        otherMember,
        `/api/v2/comments/${String(comment.commentID)}/edit`,
      );
      assert.equal(notAuthor.statusCode, 403);
      assert.deepEqual(notAuthor.json(), forbidden('comments.edit'));
      assert.equal(
        (await get(guest, `/api/v2/comments/${String(comment.commentID)}/edit`)).statusCode,
        403,
      );

      const quote = await get(otherMember, `/api/v2/comments/${String(comment.commentID)}/quote`);
      assert.equal(quote.statusCode, 200, quote.body);
      const quoted = quote.json() as CommentQuote;
      assert.equal(quoted.bodyRaw, rich2('Quote me'));
      assert.equal(quoted.format, 'rich2');
      assert.equal(quoted.insertUser.userID, member.user.userID);
      assert.equal(quoted.url, comment.url);
    });

    test('404 for unknown comments, 403 where the viewer cannot see the category', async () => {
      for (const path of ['', '/edit', '/quote']) {
        const missing = await get(moderator, `/api/v2/comments/999999${path}`);
        assert.equal(missing.statusCode, 404, path);
        assert.equal((missing.json() as ErrorBody).message, 'Comment not found.');
      }
      const hidden = await newDiscussion({ categoryID: restricted.categoryID });
      const secret = await postTestComment(t, moderator, { discussionID: hidden });
      for (const path of ['', '/edit', '/quote']) {
        const denied = await get(member, `/api/v2/comments/${String(secret.commentID)}${path}`);
        assert.equal(denied.statusCode, 403, path);
        assert.deepEqual(denied.json(), forbidden('discussions.view'));
      }
      assert.equal((await get(member, '/api/v2/comments/abc')).statusCode, 422);
    });
  });

  describe('PATCH /comments/{id}', () => {
    test('the author edits within ui.editContentTimeout, then gets 400; -1 means no limit', async () => {
      const discussionID = await newDiscussion();
      const comment = await postTestComment(t, member, { discussionID, text: 'First draft' });
      const edited = await patch(member, comment.commentID, {
        body: 'Second *draft*',
        format: 'markdown',
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const body = edited.json() as Comment;
      assert.equal(body.body?.trim(), '<p>Second <em>draft</em></p>');
      assert.equal(body.format, 'markdown');
      assert.equal(body.updateUserID, member.user.userID);
      assert.equal(body.updateUser?.userID, member.user.userID);
      assert.ok(body.dateUpdated);

      await t.db
        .updateTable('comments')
        .set({ dateInserted: new Date(Date.now() - 2 * 3600 * 1000).toISOString() })
        .where('commentID', '=', comment.commentID)
        .execute();
      const late = await patch(member, comment.commentID, { body: 'Too late', format: 'text' });
      assert.equal(late.statusCode, 400);
      assert.equal((late.json() as ErrorBody).message, 'Editing comments is not allowed..');
      const lateView = (
        await get(member, `/api/v2/comments/${String(comment.commentID)}`)
      ).json() as Comment;
      assert.equal(lateView.permissions['comments.edit'], false);

      await setSettings(t, admin, { 'ui.editContentTimeout': -1 });
      try {
        const unlimited = await patch(member, comment.commentID, {
          body: 'Any time',
          format: 'text',
        });
        assert.equal(unlimited.statusCode, 200, unlimited.body);
        assert.equal((unlimited.json() as Comment).body, '<p>Any time</p>');
      } finally {
        await setSettings(t, admin, { 'ui.editContentTimeout': 3600 });
      }
      const byModerator = await patch(moderator, comment.commentID, {
        body: 'Moderated',
        format: 'text',
      });
      assert.equal(byModerator.statusCode, 200, byModerator.body);
      assert.equal((byModerator.json() as Comment).updateUserID, moderator.user.userID);
    });

    test('403 for others and guests, and for the author once the discussion is closed', async () => {
      const discussionID = await newDiscussion();
      const comment = await postTestComment(t, member, { discussionID });
      for (const actor of [otherMember, guest, unconfirmed]) {
        const refused = await patch(actor, comment.commentID, { body: 'Hijack', format: 'text' });
        assert.equal(refused.statusCode, 403, refused.body);
        assert.deepEqual(refused.json(), forbidden('comments.edit'));
      }
      const closing = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/discussions/${String(discussionID)}`,
        payload: { closed: true },
      });
      assert.equal(closing.statusCode, 200, closing.body);
      const closed = await patch(member, comment.commentID, { body: 'Edit', format: 'text' });
      assert.equal(closed.statusCode, 403);
      const stored = await t.db
        .selectFrom('comments')
        .select('body')
        .where('commentID', '=', comment.commentID)
        .executeTakeFirstOrThrow();
      assert.equal(stored.body, rich2('A comment.'));
    });

    test('bad input, unknown comment, and a hidden category', async () => {
      const discussionID = await newDiscussion();
      const comment = await postTestComment(t, member, { discussionID });
      const badFormat = await patch(member, comment.commentID, { body: 'x', format: 'pdf' });
      assert.equal(badFormat.statusCode, 422);
      assert.equal((badFormat.json() as ErrorBody).errors?.[0]?.field, 'format');
      const empty = await patch(member, comment.commentID, { body: '' });
      assert.equal(empty.statusCode, 400);
      assert.equal((empty.json() as ErrorBody).errors?.[0]?.field, 'body');
      const badRich = await patch(member, comment.commentID, { body: '[{', format: 'rich2' });
      assert.equal(badRich.statusCode, 422);
      assert.equal((await patch(member, 999_999, { body: 'x', format: 'text' })).statusCode, 404);
      const hidden = await newDiscussion({ categoryID: restricted.categoryID });
      const secret = await postTestComment(t, moderator, { discussionID: hidden });
      const denied = await patch(member, secret.commentID, { body: 'x', format: 'text' });
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), forbidden('discussions.view'));
    });

    test('moving a comment to another discussion moves its counts', async () => {
      const from = await newDiscussion();
      const to = await newDiscussion();
      const first = await postTestComment(t, member, { discussionID: from });
      const second = await postTestComment(t, member, { discussionID: from });
      const moved = await patch(moderator, second.commentID, { discussionID: to });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal((moved.json() as Comment).discussionID, to);
      const fromCounters = await discussionCounters(t, from);
      assert.equal(fromCounters.countComments, 1);
      assert.equal(fromCounters.lastCommentID, first.commentID);
      const toCounters = await discussionCounters(t, to);
      assert.equal(toCounters.countComments, 1);
      assert.equal(toCounters.lastCommentID, second.commentID);
      const refused = await patch(member, first.commentID, { discussionID: 999_999 });
      assert.equal(refused.statusCode, 404);
    });
  });

  describe('DELETE /comments/{id}', () => {
    test('a moderator deletes: counters go back to the previous comment, then to the discussion itself', async () => {
      const discussionID = await newDiscussion();
      const categoryBefore = await categoryCounters(t, open.categoryID);
      const parentBefore = await categoryCounters(t, parent.categoryID);
      const countBefore = await userCommentCount(t, member.user.userID);
      const first = await postTestComment(t, member, { discussionID });
      const second = await postTestComment(t, otherMember, { discussionID });

      const deleted = await remove(moderator, second.commentID);
      assert.equal(deleted.statusCode, 204, deleted.body);
      assert.equal(
        (await get(moderator, `/api/v2/comments/${String(second.commentID)}`)).statusCode,
        404,
      );
      let counters = await discussionCounters(t, discussionID);
      assert.equal(counters.countComments, 1);
      assert.equal(counters.lastCommentID, first.commentID);
      assert.equal(counters.lastCommentUserID, member.user.userID);
      assert.equal(seconds(counters.dateLastComment), seconds(first.dateInserted));
      assert.equal((await categoryCounters(t, open.categoryID)).lastCommentID, first.commentID);

      assert.equal((await remove(moderator, first.commentID)).statusCode, 204);
      counters = await discussionCounters(t, discussionID);
      assert.equal(counters.countComments, 0);
      assert.equal(counters.lastCommentID, null);
      assert.equal(counters.lastCommentUserID, null);
      assert.equal(counters.dateLastComment, counters.dateInserted);
      const categoryAfter = await categoryCounters(t, open.categoryID);
      assert.equal(categoryAfter.countComments, categoryBefore.countComments);
      assert.equal(categoryAfter.countAllComments, categoryBefore.countAllComments);
      assert.equal(
        (await categoryCounters(t, parent.categoryID)).countAllComments,
        parentBefore.countAllComments,
      );
      assert.equal(await userCommentCount(t, member.user.userID), countBefore);
    });

    test('a comment with replies becomes a tombstone, kept in its thread; it goes when its last reply goes', async () => {
      const discussionID = await newDiscussion();
      const top = await postTestComment(t, member, { discussionID, text: 'Soon gone' });
      const reply = await postTestComment(t, otherMember, {
        discussionID,
        parentCommentID: top.commentID,
      });
      assert.equal((await remove(moderator, top.commentID)).statusCode, 204);
      const tombstone = (
        await get(guest, `/api/v2/comments/${String(top.commentID)}`)
      ).json() as Comment;
      assert.equal(tombstone.displayType, 'tombstone');
      assert.equal(tombstone.body, '');
      assert.deepEqual(tombstone.permissions, {
        'comments.add': false,
        'comments.edit': false,
        'comments.delete': false,
      });
      const counters = await discussionCounters(t, discussionID);
      assert.equal(counters.countComments, 1, 'a tombstone no longer counts');
      assert.equal(counters.lastCommentID, reply.commentID);
      const stored = await t.db
        .selectFrom('comments')
        .select(['body', 'bodyPlainText'])
        .where('commentID', '=', top.commentID)
        .executeTakeFirstOrThrow();
      assert.deepEqual({ ...stored }, { body: '', bodyPlainText: '' });
      const thread = (
        await get(
          guest,
          `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}`,
        )
      ).json() as {
        threadStructure: { commentID: number; children: { commentID: number }[] }[];
      };
      assert.deepEqual(
        thread.threadStructure.map((item) => [
          item.commentID,
          item.children.map((child) => child.commentID),
        ]),
        [[top.commentID, [reply.commentID]]],
      );
      const replyView = (
        await get(guest, `/api/v2/comments/${String(reply.commentID)}`)
      ).json() as Comment;
      assert.equal(replyView.body, '<p>A comment.</p>', 'no quote of a tombstone');
      assert.equal(
        (await patch(moderator, top.commentID, { body: 'Back', format: 'text' })).statusCode,
        400,
      );

      assert.equal((await remove(moderator, reply.commentID)).statusCode, 204);
      assert.equal(
        (await get(guest, `/api/v2/comments/${String(top.commentID)}`)).statusCode,
        404,
        'the empty tombstone went too',
      );
      assert.equal((await discussionCounters(t, discussionID)).countComments, 0);
    });

    test('403 for others, guests and authors unless comments.allowSelfDelete; 404 for unknown', async () => {
      const discussionID = await newDiscussion();
      const comment = await postTestComment(t, member, { discussionID });
      for (const actor of [otherMember, guest, member]) {
        const refused = await remove(actor, comment.commentID);
        assert.equal(refused.statusCode, 403, refused.body);
        assert.deepEqual(refused.json(), forbidden('comments.delete'));
      }
      await setSettings(t, admin, { 'comments.allowSelfDelete': true });
      try {
        const view = (
          await get(member, `/api/v2/comments/${String(comment.commentID)}`)
        ).json() as Comment;
        assert.equal(view.permissions['comments.delete'], true);
        assert.equal((await remove(member, comment.commentID)).statusCode, 204);
      } finally {
        await setSettings(t, admin, { 'comments.allowSelfDelete': false });
      }
      assert.equal((await remove(moderator, 999_999)).statusCode, 404);
      const hidden = await newDiscussion({ categoryID: restricted.categoryID });
      const secret = await postTestComment(t, moderator, { discussionID: hidden });
      const denied = await remove(member, secret.commentID);
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), forbidden('discussions.view'));
    });
  });
});
