import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeSpam, type SpamHold } from './spam.policy.ts';
import type { SpamSubject } from './spam.repo.ts';

const settings = { 'spam.firstPosts.count': 1, 'spam.links.maxUntrusted': 2, 'spam.trusted.postCount': 5 };
const newcomer: SpamSubject = { selfRegistered: true, verified: false, acceptedPosts: 0 };

describe('judgeSpam (issue 17)', () => {
  const cases: { name: string; subject: SpamSubject; links: number; hold: SpamHold | null }[] = [
    { name: 'a newcomer’s first post waits', subject: newcomer, links: 0, hold: { rule: 'firstPosts' } },
    { name: 'after one accepted post, few links pass', subject: { ...newcomer, acceptedPosts: 1 }, links: 2, hold: null },
    { name: 'until trusted, too many links wait', subject: { ...newcomer, acceptedPosts: 4 }, links: 3, hold: { rule: 'links', links: 3, limit: 2 } },
    { name: 'trusted after enough accepted posts', subject: { ...newcomer, acceptedPosts: 5 }, links: 30, hold: null },
    { name: 'verified accounts are never held', subject: { ...newcomer, verified: true }, links: 30, hold: null },
    { name: 'accounts an administrator made are never held', subject: { ...newcomer, selfRegistered: false }, links: 30, hold: null },
  ];
  for (const item of cases) {
    test(item.name, () => {
      assert.deepEqual(judgeSpam(item.subject, item.links, settings), item.hold);
    });
  }

  test('spam.firstPosts.count 0 turns the first-post rule off', () => {
    assert.equal(judgeSpam(newcomer, 0, { ...settings, 'spam.firstPosts.count': 0 }), null);
    assert.deepEqual(judgeSpam(newcomer, 3, { ...settings, 'spam.firstPosts.count': 0 }), { rule: 'links', links: 3, limit: 2 });
  });
});
