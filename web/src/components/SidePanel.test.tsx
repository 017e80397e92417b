import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { SidePanel } from './SidePanel.tsx';

function Hamburger() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setIsOpen(true)}>
        Menu
      </button>
      <SidePanel title="Site Navigation" isOpen={isOpen} onClose={() => setIsOpen(false)}>
        <a href="/discussions">Recent Discussions</a>
        <a href="/categories">Categories</a>
      </SidePanel>
    </div>
  );
}

describe('SidePanel', () => {
  it('moves focus inside, keeps Tab inside and closes on Escape, returning focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<Hamburger />);
    const opener = screen.getByRole('button', { name: 'Menu' });
    await user.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Site Navigation' });
    expect(panel.contains(document.activeElement)).toBe(true);
    const inside = [...panel.querySelectorAll<HTMLElement>('a[href], button')];
    const last = inside[inside.length - 1]!;
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(inside[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
