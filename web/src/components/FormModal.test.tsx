import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { FormModal } from './FormModal.tsx';

function RenameForm({ onRename }: { onRename: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <FormModal
      title="Rename"
      submitLabel="Rename"
      canSubmit={name !== ''}
      error={name === 'taken' ? 'That name is taken.' : null}
      onSubmit={() => onRename(name)}
      onClose={() => undefined}
    >
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
    </FormModal>
  );
}

describe('FormModal', () => {
  it('submits by its button or by Enter only once the form can be submitted', async () => {
    const user = userEvent.setup();
    const renamed: string[] = [];
    renderWithApp(<RenameForm onRename={(name) => renamed.push(name)} />);
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeDefined();
    const submit = screen.getByRole('button', { name: 'Rename' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), 'Ash{Enter}');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit);
    expect(renamed).toEqual(['Ash', 'Ash']);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDefined();
  });

  it('shows the error as an alert inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithApp(<RenameForm onRename={() => undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'taken');
    expect(screen.getByRole('alert').textContent).toBe('That name is taken.');
  });
});
