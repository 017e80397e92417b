import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { createUser, type TestUser } from '../../../test/actors.ts';
import { renderBody } from './render.ts';

// Mentions are resolved against the users table (one query per body), so these run on both
// databases: `@name` in text formats, `{type:'@'}` nodes in rich2 (ARCHITECTURE "Content").

describe(`renderBody mentions (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let gone: TestUser;
  const render = (body: string, format: 'markdown' | 'text' | 'html' | 'rich2' | 'bbcode') =>
    renderBody({ db: t.db, config: t.config }, { body, format });

  before(async () => {
    t = await createTestApp();
    alice = await createUser(t, { name: 'AliceMention' });
    bob = await createUser(t, { name: 'bob_mention' });
    gone = await createUser(t, { name: 'GoneMention', deleted: true });
  });
  after(async () => {
    await t.close();
  });

  test('@name in Markdown links existing users (any case); unknown and deleted names stay text', async () => {
    const rendered = await render(`Hi @alicemention and @BOB_MENTION, not @nobody_here or @${gone.name}.`, 'markdown');
    assert.equal(
      rendered.html,
      '<p>Hi <a class="atMention" href="/profile/AliceMention">@AliceMention</a> and ' +
        `<a class="atMention" href="/profile/bob_mention">@bob_mention</a>, not @nobody_here or @${gone.name}.</p>\n`,
    );
    assert.deepEqual(rendered.mentionedUserIDs, [alice.userID, bob.userID]);
    assert.equal(rendered.plainText, `Hi @AliceMention and @bob_mention, not @nobody_here or @${gone.name}.`);
  });

  test('e-mail addresses, code and existing links are not mentions', async () => {
    const rendered = await render(
      `mail x@${alice.name}.test \`@${alice.name}\` [@${alice.name}](https://out.test) "@${alice.name}"`,
      'markdown',
    );
    assert.equal(rendered.mentionedUserIDs.length, 1);
    assert.equal((rendered.html.match(/class="atMention"/g) ?? []).length, 1);
    assert.match(rendered.html, /<code>@AliceMention<\/code>/);
  });

  test('text, bbcode and html bodies mention too; quoted names work', async () => {
    for (const format of ['text', 'bbcode', 'html'] as const) {
      const rendered = await render(`ping @"${bob.name}"`, format);
      assert.deepEqual(rendered.mentionedUserIDs, [bob.userID], format);
      assert.match(rendered.html, /<a class="atMention" href="\/profile\/bob_mention">@bob_mention<\/a>/, format);
    }
  });

  test('rich2 mention nodes resolve by user ID to the current name; unknown IDs are plain text', async () => {
    const body = JSON.stringify([
      {
        type: 'p',
        children: [
          { text: 'Hey ' },
          { type: '@', userID: alice.userID, name: 'old-name', children: [{ text: '' }] },
          { text: ' and ' },
          { type: '@', userID: 999_999, name: 'Ghost', children: [{ text: '' }] },
          { text: ' and ' },
          { type: '@', userID: gone.userID, name: gone.name, children: [{ text: '' }] },
        ],
      },
    ]);
    const rendered = await render(body, 'rich2');
    assert.equal(
      rendered.html,
      `<p>Hey <a class="atMention" href="/profile/AliceMention">@AliceMention</a> and @Ghost and @${gone.name}</p>`,
    );
    assert.deepEqual(rendered.mentionedUserIDs, [alice.userID]);
  });

  test('user HTML cannot forge a mention class', async () => {
    const rendered = await render(`<a class="atMention" href="/profile/${alice.name}">@someone</a>`, 'html');
    assert.equal(rendered.html, `<a href="/profile/${alice.name}">@someone</a>`);
    assert.deepEqual(rendered.mentionedUserIDs, []);
  });
});
