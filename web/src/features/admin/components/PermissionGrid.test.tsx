import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { categoryPermissionNames } from '../categories/category-permissions.ts';
import { PermissionGrid } from './PermissionGrid.tsx';

const roles = [
  { id: 3, name: 'Guest' },
  { id: 8, name: 'Member' },
];

describe('PermissionGrid', () => {
  it('shows one labelled checkbox per role and permission with its grant', () => {
    render(
      <PermissionGrid
        rows={roles}
        value={{
          3: { 'discussions.view': true },
          8: { 'discussions.view': true, 'comments.add': true },
        }}
        onChange={() => undefined}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(
      roles.length * categoryPermissionNames.length,
    );
    const guestView = screen.getByRole('checkbox', { name: 'Guest: Discussions View' });
    const guestComment = screen.getByRole('checkbox', { name: 'Guest: Comments Add' });
    const memberComment = screen.getByRole('checkbox', { name: 'Member: Comments Add' });
    expect((guestView as HTMLInputElement).checked).toBe(true);
    expect((guestComment as HTMLInputElement).checked).toBe(false);
    expect((memberComment as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Posts' })).toBeDefined();
    expect(screen.getByRole('rowheader', { name: 'Member' })).toBeDefined();
  });

  it('reports a toggled grant with its role and permission name', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <PermissionGrid
        rows={roles}
        value={{ 8: { 'posts.moderate': true } }}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Guest: Discussions Add' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 'discussions.add', true);
    await user.click(screen.getByRole('checkbox', { name: 'Member: Posts Moderate' }));
    expect(onChange).toHaveBeenLastCalledWith(8, 'posts.moderate', false);
  });

  it('shows a role’s error in its row', () => {
    render(
      <PermissionGrid
        rows={roles}
        value={{}}
        onChange={() => undefined}
        rowErrors={{ 8: ['Role not found.'] }}
      />,
    );
    expect(screen.getByRole('rowheader', { name: /Member/ }).textContent).toContain(
      'Role not found.',
    );
  });
});
