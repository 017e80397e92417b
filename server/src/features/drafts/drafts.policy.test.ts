import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { leadTimeText, scheduleTooSoonMessage } from '../../../../common/src/api/drafts.ts';
import { buildPermissionSet, type GrantedPermissionRow } from '../../permissions/build-permission-set.ts';
import { canAccessDraft, canScheduleDrafts, canUseDrafts } from './drafts.policy.ts';
import { draftPlainText } from './drafts.present.ts';

const subject = { isAdmin: false, isSysAdmin: false, isBanned: false, isDeleted: false };
const global = (...names: string[]): GrantedPermissionRow[] =>
  names.map((permission) => ({ resourceType: 'global', resourceID: 0, permission }));
const member = buildPermissionSet(subject, global('session.valid'), []);
const scheduler = buildPermissionSet(subject, global('session.valid', 'schedule.allow'), []);
const moderator = buildPermissionSet(subject, global('session.valid', 'community.moderate'), []);
const banned = buildPermissionSet({ ...subject, isBanned: true }, global('session.valid', 'community.moderate'), []);
const guest = buildPermissionSet(subject, [], []);

describe('drafts policy (api-contract §23)', () => {
  test('who may use drafts, read another member’s, and schedule', () => {
    const draft = { insertUserID: 7 };
    const cases: [string, boolean, boolean, boolean, boolean][] = [
      // name, canUse, own draft, another's draft, schedule
      ['guest', canUseDrafts(guest, 0), canAccessDraft(guest, 0, { insertUserID: 0 }), canAccessDraft(guest, 0, draft), canScheduleDrafts(guest)],
      ['member', canUseDrafts(member, 7), canAccessDraft(member, 7, draft), canAccessDraft(member, 8, draft), canScheduleDrafts(member)],
      ['scheduler', canUseDrafts(scheduler, 9), canAccessDraft(scheduler, 7, draft), canAccessDraft(scheduler, 9, draft), canScheduleDrafts(scheduler)],
      ['moderator', canUseDrafts(moderator, 3), canAccessDraft(moderator, 7, draft), canAccessDraft(moderator, 3, draft), canScheduleDrafts(moderator)],
      ['banned moderator', canUseDrafts(banned, 4), canAccessDraft(banned, 7, draft), canAccessDraft(banned, 4, draft), canScheduleDrafts(banned)],
    ];
    assert.deepEqual(
      cases.map(([name, ...results]) => [name, ...results]),
      [
        ['guest', false, false, false, false],
        ['member', true, true, false, false],
        ['scheduler', true, true, false, true],
        ['moderator', true, true, true, false],
        ['banned moderator', false, true, false, false],
      ],
    );
  });

  test('the too-soon message states the configured lead', () => {
    assert.equal(scheduleTooSoonMessage(900), 'The scheduled date and time must be at least 15 minutes in the future.');
    assert.equal(leadTimeText(60), '1 minute');
    assert.equal(leadTimeText(7200), '2 hours');
    assert.equal(leadTimeText(30), '30 seconds');
    assert.equal(leadTimeText(1), '1 second');
    assert.equal(leadTimeText(0), '0 seconds');
  });

  test('a draft’s plain text for its excerpt, without rendering', () => {
    const rich2 = JSON.stringify([
      { type: 'p', children: [{ text: 'First ' }, { text: 'line', bold: true }] },
      { type: 'p', children: [{ text: 'Second' }] },
    ]);
    assert.equal(draftPlainText(rich2, 'rich2').trim(), 'First line\nSecond');
    assert.equal(draftPlainText('<p>Hi <b>there</b></p>', 'html').replace(/\s+/g, ' ').trim(), 'Hi there');
    assert.equal(draftPlainText('**md**', 'markdown'), '**md**');
    assert.equal(draftPlainText('{not json', 'rich2'), '');
  });
});
