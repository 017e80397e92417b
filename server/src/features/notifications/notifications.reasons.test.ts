import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { batchKeyOf, mentionedNames, notificationBody } from './notifications.reasons.ts';

describe('notification reasons', () => {
  test('comments notified for a discussion batch per discussion; the rest per record', () => {
    const record = { recordType: 'comment', recordID: 12, discussionID: 3 };
    assert.equal(batchKeyOf('NewComment', record), 'NewComment:discussion:3');
    assert.equal(batchKeyOf('Participated', record), 'Participated:discussion:3');
    assert.equal(batchKeyOf('Mention', record), 'Mention:comment:12');
    assert.equal(batchKeyOf('Reaction', record), 'Reaction:comment:12');
  });

  test('mentions are read from the rendered links, names decoded', () => {
    const html =
      '<p><a class="atMention" href="/profile/Ann%20Lee">@Ann Lee</a> and <a class="atMention" href="/profile/bob">@bob</a>' +
      ' <a href="/profile/carol">not a mention</a> <a class="atMention" href="/profile/%E0%A4%A">bad</a></p>';
    assert.deepEqual(mentionedNames(html), ['Ann Lee', 'bob']);
  });

  test('bodies escape every name', () => {
    assert.equal(
      notificationBody('Reaction', '<Ann>', 'Tea & "cake"', 'Like<3'),
      '<b>&lt;Ann&gt;</b> reacted to your post in <b>Tea &amp; &quot;cake&quot;</b> (Like&lt;3).',
    );
  });
});
