import { describe, expect, it } from 'vitest';
import { permissionSet } from '../../test/render.tsx';
import {
  configuredNavigationItems,
  defaultNavigationItems,
  filterNavigationItems,
  type NavigationItem,
} from './navigation.ts';

const names = (items: readonly NavigationItem[]): string[] => items.map((item) => item.name);

describe('filterNavigationItems (spec 000 §5, §6)', () => {
  const viewer = { permissions: permissionSet(['site.manage']), roleIDs: [8] };

  it('drops items without a name, or with neither url nor children', () => {
    const items = filterNavigationItems(
      [
        { id: 'a', name: '', url: '/a' },
        { id: 'b', name: 'No link' },
        { id: 'c', name: 'Empty parent', children: [{ id: 'c1', name: '' }] },
        { id: 'd', name: 'Kept', url: '/d' },
      ],
      viewer,
    );
    expect(names(items)).toEqual(['Kept']);
  });

  it('keeps only safe links', () => {
    const items = filterNavigationItems(
      [
        { id: 'a', name: 'Script', url: 'javascript:alert(1)' },
        { id: 'b', name: 'Mail', url: 'mailto:team@example.com' },
        {
          id: 'c',
          name: 'Parent with bad url',
          url: 'data:x',
          children: [{ id: 'c1', name: 'Child', url: '/c1' }],
        },
      ],
      viewer,
    );
    expect(names(items)).toEqual(['Mail', 'Parent with bad url']);
    expect(items[1]?.url).toBeNull();
  });

  it('hides hidden items and items whose permission is lacking, recursively', () => {
    const items = filterNavigationItems(
      [
        { id: 'a', name: 'Hidden', url: '/a', isHidden: true },
        { id: 'b', name: 'Dashboard', url: '/dashboard', permission: 'site.manage' },
        { id: 'c', name: 'Moderation', url: '/mod', permission: 'community.moderate' },
        { id: 'd', name: 'Unknown permission', url: '/x', permission: 'made.up' },
        {
          id: 'e',
          name: 'Help',
          url: '/help',
          children: [
            { id: 'e1', name: 'FAQ', url: '/faq' },
            { id: 'e2', name: 'Staff', url: '/staff', permission: 'staff.allow' },
            { id: 'e3', name: 'Old', url: '/old', isHidden: true },
          ],
        },
      ],
      viewer,
    );
    expect(names(items)).toEqual(['Dashboard', 'Help']);
    expect(names(items[1]?.children ?? [])).toEqual(['FAQ']);
  });

  it('shows role-restricted items only to holders of one of the roles', () => {
    const items: NavigationItem[] = [
      { id: 'a', name: 'Members', url: '/members', roleIDs: [8, 9] },
      { id: 'b', name: 'Admins', url: '/admins', roleIDs: [16] },
      {
        id: 'c',
        name: 'Group',
        url: '/group',
        children: [{ id: 'c1', name: 'Secret', url: '/secret', roleIDs: [16] }],
      },
    ];
    expect(names(filterNavigationItems(items, viewer))).toEqual(['Members', 'Group']);
    expect(filterNavigationItems(items, viewer)[1]?.children).toEqual([]);
    expect(names(filterNavigationItems(items, { permissions: null, roleIDs: [16] }))).toEqual([
      'Admins',
      'Group',
    ]);
  });

  it('treats every permission as lacking until the set loads', () => {
    expect(
      filterNavigationItems(
        [{ id: 'a', name: 'Dashboard', url: '/d', permission: 'site.manage' }],
        { permissions: null, roleIDs: [] },
      ),
    ).toEqual([]);
  });
});

describe('default and configured items', () => {
  it('defaults to Posts and Categories (spec 000 §2)', () => {
    expect(defaultNavigationItems().map((item) => [item.name, item.url])).toEqual([
      ['Posts', '/discussions'],
      ['Categories', '/categories'],
    ]);
  });

  it('reads configured items and gives every item an id', () => {
    expect(configuredNavigationItems(undefined)).toBeNull();
    expect(configuredNavigationItems([])).toBeNull();
    const items = configuredNavigationItems([
      { name: 'Help', url: '/help', children: [{ name: 'FAQ', url: '/faq' }] },
      'junk',
    ]);
    expect(items?.map((item) => item.id)).toEqual(['item-0']);
    expect(items?.[0]?.children?.[0]?.id).toBe('item-0-0');
  });
});
