import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildPermissionSet,
  type GrantedPermissionRow,
} from '../../permissions/build-permission-set.ts';
import {
  canRemoveReactionOf,
  canSeeFlagReactions,
  canUseReactionType,
  canViewReactionTarget,
  reactionTypePermission,
} from './reactions.policy.ts';

const subject = { isAdmin: false, isSysAdmin: false, isBanned: false, isDeleted: false };
const globalRows = (...names: string[]): GrantedPermissionRow[] =>
  names.map((permission) => ({ resourceType: 'global', resourceID: 0, permission }));
const viewDefaults: GrantedPermissionRow = {
  resourceType: 'category',
  resourceID: 0,
  permission: 'discussions.view',
};
// Category 7 is a junction that grants nothing to these sets.
const links = [{ categoryID: 7, permissionCategoryID: 7 }];
const set = (...names: string[]) =>
  buildPermissionSet(subject, [...globalRows(...names), viewDefaults], links);

const member = set('session.valid', 'reactions.Positive.add', 'reactions.Negative.add');
const curator = set('session.valid', 'curation.manage');
const moderator = set('session.valid', 'community.moderate');
const siteManager = set('session.valid', 'site.manage');
const guest = buildPermissionSet(subject, [viewDefaults], links);
const admin = buildPermissionSet({ ...subject, isAdmin: true }, [], links);

const like = { class: 'Positive', permission: null } as const;
const wtf = { class: 'Negative', permission: null } as const;
const flag = { class: 'Flag', permission: null } as const;
const promote = { class: 'Positive', permission: 'curation.manage' } as const;

test('the permission a type asks for: its own, else reactions.<class>.add', () => {
  assert.equal(reactionTypePermission(like), 'reactions.Positive.add');
  assert.equal(reactionTypePermission(flag), 'reactions.Flag.add');
  assert.equal(reactionTypePermission(promote), 'curation.manage');
  assert.equal(
    reactionTypePermission({ class: 'Negative', permission: 'no.such' }),
    'reactions.Negative.add',
  );
});

test('who may use which type (spec 000 §6; moderators and site managers bypass)', () => {
  const cases: [string, Parameters<typeof canUseReactionType>[0], boolean[]][] = [
    // like, wtf, flag, promote
    ['guest', guest, [false, false, false, false]],
    ['member', member, [true, true, false, false]],
    ['curator', curator, [false, false, false, true]],
    ['moderator', moderator, [true, true, true, true]],
    ['site manager', siteManager, [true, true, true, true]],
    ['admin', admin, [true, true, true, true]],
  ];
  for (const [name, permissions, expected] of cases) {
    assert.deepEqual(
      [like, wtf, flag, promote].map((type) => canUseReactionType(permissions, type)),
      expected,
      name,
    );
  }
});

test('Flag reactions are visible to community.moderate only', () => {
  assert.deepEqual([guest, member, curator, moderator, admin].map(canSeeFlagReactions), [
    false,
    false,
    false,
    true,
    true,
  ]);
});

test('removing a reaction: one’s own when signed in, anyone’s with community.moderate', () => {
  assert.equal(canRemoveReactionOf(member, 5, 5), true);
  assert.equal(canRemoveReactionOf(member, 5, 6), false);
  assert.equal(canRemoveReactionOf(moderator, 5, 6), true);
  assert.equal(canRemoveReactionOf(guest, 0, 0), false);
});

test('the record must be in a category the set may view', () => {
  assert.equal(canViewReactionTarget(member, { permissionCategoryID: -1 }), true);
  assert.equal(canViewReactionTarget(member, { permissionCategoryID: 7 }), false);
  assert.equal(canViewReactionTarget(admin, { permissionCategoryID: 7 }), true);
});
