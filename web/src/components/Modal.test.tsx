import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ConfirmModal, Modal } from './Modal.tsx';

function Opener({ size }: { size?: 'small' | 'medium' | 'large' }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      {isOpen ? (
        <Modal title="Move Discussion" size={size} onClose={() => setIsOpen(false)}>
          <label>
            Category
            <input type="text" />
          </label>
          <button type="button">Move</button>
        </Modal>
      ) : null}
    </div>
  );
}

describe('Modal', () => {
  it('moves focus inside, keeps Tab inside and closes on Escape, returning focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Move Discussion' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Category'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('has the widths of spec 001 §9 by size', async () => {
    const user = userEvent.setup();
    renderWithApp(<Opener size="large" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog').className).toContain('large');
  });

  it('confirms with Cancel focused first', async () => {
    const user = userEvent.setup();
    let confirmed = 0;
    renderWithApp(
      <ConfirmModal
        title="Delete Discussion"
        message="Are you sure you want to delete this discussion?"
        confirmLabel="Delete"
        onConfirm={() => {
          confirmed += 1;
        }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText('Are you sure you want to delete this discussion?')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmed).toBe(1);
  });
});
