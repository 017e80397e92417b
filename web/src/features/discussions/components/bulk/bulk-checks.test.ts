import { describe, expect, it } from 'vitest';
import type { PermissionSet } from '../../../../../../common/src/permissions/types.ts';
import { permissionSet } from '../../../../test/render.tsx';
import { bulkPreCheck, canBulkManage, type BulkDiscussion } from './bulk-checks.ts';

const gardenID = 3;
const staffID = 9;

/** Global moderator rights, except in the Staff category (a junction granting nothing). */
function moderatorWithoutStaff(names: readonly string[]): PermissionSet {
  const set = permissionSet(['session.valid', ...names], { junctions: { category: [staffID] } });
  set.permissions.push({ type: 'category', id: staffID, permissions: { 'discussions.view': true } });
  return set;
}

function item(overrides: Partial<BulkDiscussion> & { name: string }): BulkDiscussion {
  return { discussionID: overrides.name.length, categoryID: gardenID, closed: false, ...overrides };
}

const tomatoes = item({ discussionID: 1, name: 'Tomatoes' });
const roses = item({ discussionID: 2, name: 'Roses' });
const payroll = item({ discussionID: 3, name: 'Payroll', categoryID: staffID });

describe('bulkPreCheck (spec 000 §5)', () => {
  const all = ['discussions.edit', 'discussions.delete', 'discussions.close'];
  const viewer = { permissions: moderatorWithoutStaff(all), userID: 7 };

  it('refuses a merge of fewer than 2 discussions', () => {
    expect(bulkPreCheck('merge', [tomatoes], viewer)).toEqual({
      message: 'You must select at least 2 discussions to merge.',
      names: [],
    });
    expect(bulkPreCheck('merge', [tomatoes, roses], viewer)).toBeNull();
  });

  it('refuses to close when every selected discussion is already closed', () => {
    const closed = [{ ...tomatoes, closed: true }, { ...roses, closed: true }];
    expect(bulkPreCheck('close', closed, viewer)?.message).toBe(
      'Selected discussions are already closed.',
    );
    expect(bulkPreCheck('close', [{ ...tomatoes, closed: true }, roses], viewer)).toBeNull();
  });

  it.each([
    ['move', 'You don’t have the edit permission on the following discussions:'],
    ['merge', 'You don’t have the edit permission on the following discussions:'],
    ['close', "You don't have the close permission on the following discussions:"],
    ['delete', 'You don’t have the delete permission on the following discussions:'],
  ] as const)('%s names the discussions of categories lacking the permission', (action, message) => {
    expect(bulkPreCheck(action, [tomatoes, payroll, roses], viewer)).toEqual({
      message,
      names: ['Payroll'],
    });
  });

  it('checks each action’s own permission', () => {
    const deleter = { permissions: moderatorWithoutStaff(['discussions.delete']), userID: 7 };
    expect(bulkPreCheck('delete', [tomatoes, roses], deleter)).toBeNull();
    expect(bulkPreCheck('move', [tomatoes, roses], deleter)?.names).toEqual(['Tomatoes', 'Roses']);
    expect(bulkPreCheck('close', [tomatoes], deleter)?.message).toBe(
      "You don't have the close permission on the following discussions:",
    );
  });

  it('lets authors with closeOwn close their own discussions only', () => {
    const author = { permissions: permissionSet(['discussions.closeOwn']), userID: 7 };
    expect(bulkPreCheck('close', [{ ...tomatoes, insertUserID: 7 }], author)).toBeNull();
    expect(bulkPreCheck('close', [{ ...roses, insertUserID: 8 }], author)?.names).toEqual(['Roses']);
  });
});

describe('canBulkManage (spec 000 §6 discussions.manage)', () => {
  it('needs discussions.edit or discussions.delete on the category, and a signed-in viewer', () => {
    const editor = { permissions: moderatorWithoutStaff(['discussions.edit']), userID: 7 };
    expect(canBulkManage(editor, tomatoes)).toBe(true);
    expect(canBulkManage(editor, payroll)).toBe(false);
    const deleter = { permissions: permissionSet(['discussions.delete']), userID: 7 };
    expect(canBulkManage(deleter, tomatoes)).toBe(true);
    const memberViewer = { permissions: permissionSet(['discussions.view', 'discussions.add']), userID: 7 };
    expect(canBulkManage(memberViewer, tomatoes)).toBe(false);
    expect(canBulkManage({ permissions: null, userID: 0 }, tomatoes)).toBe(false);
  });
});
