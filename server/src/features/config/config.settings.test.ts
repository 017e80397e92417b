import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import {
  configReadLevels,
  privateConfigPrefixes,
  settingDefinitions,
  settingKeys,
} from '../../../../common/src/api/config.ts';
import { buildPermissionSet } from '../../permissions/build-permission-set.ts';
import { emptyPermissionSet } from '../../permissions/build-permission-set.ts';
import { canReadSetting, canWriteSetting } from './config.policy.ts';
import { absoluteUploadUrl } from './config.present.ts';

void test('every default is valid for its own schema', () => {
  for (const key of settingKeys) {
    const definition: { schema: z.ZodType; default: unknown } = settingDefinitions[key];
    assert.equal(definition.schema.safeParse(definition.default).success, true, key);
  }
});

void test('no setting lives under a private prefix; keys are dotted lower-camel', () => {
  for (const key of settingKeys) {
    assert.ok(!privateConfigPrefixes.some((prefix) => key.startsWith(prefix)), key);
    assert.match(key, /^[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/, key);
  }
});

void test('read levels: public, member (signed in) or a global permission', () => {
  const subject = { isAdmin: false, isSysAdmin: false, isBanned: false, isDeleted: false };
  const row = (permission: string) => ({ resourceType: 'global', resourceID: 0, permission });
  const sets = {
    guest: emptyPermissionSet(),
    member: buildPermissionSet(subject, [row('session.valid')], []),
    moderator: buildPermissionSet(subject, [row('session.valid'), row('community.moderate')], []),
    admin: buildPermissionSet({ ...subject, isAdmin: true }, [], []),
  };
  const expected: Record<keyof typeof sets, boolean[]> = {
    guest: [true, false, false, false, false],
    member: [true, true, false, false, false],
    moderator: [true, true, true, false, false],
    admin: [true, true, true, true, true],
  };
  for (const [name, set] of Object.entries(sets) as [keyof typeof sets, (typeof sets)['guest']][]) {
    assert.deepEqual(
      configReadLevels.map((level) => canReadSetting(set, level)),
      expected[name],
      name,
    );
  }
  assert.equal(canWriteSetting(sets.moderator, 'community.manage'), false);
  assert.equal(canWriteSetting(sets.admin, 'site.manage'), true);
});

void test('upload values become absolute URLs; absolute ones stay', () => {
  assert.equal(absoluteUploadUrl('uploads/a.png', 'http://x.test'), 'http://x.test/uploads/a.png');
  assert.equal(
    absoluteUploadUrl('/uploads/a.png', 'http://x.test/forum'),
    'http://x.test/uploads/a.png',
  );
  assert.equal(
    absoluteUploadUrl('https://cdn.test/a.png', 'http://x.test'),
    'https://cdn.test/a.png',
  );
  assert.equal(absoluteUploadUrl('', 'http://x.test'), '');
});
