import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BodyEditor, type BodyValue } from './BodyEditor.tsx';

// The rich editor's own chunk is not needed: its plain fallback stands in.
vi.mock('../LazyRichEditor.tsx', async () => {
  const actual =
    await vi.importActual<typeof import('../LazyRichEditor.tsx')>('../LazyRichEditor.tsx');
  return { ...actual, LazyRichEditor: actual.EditorFallback };
});

function Harness({
  initial,
  onValue,
}: {
  initial: BodyValue;
  onValue: (value: BodyValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <BodyEditor
      label="Body"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const rich = (blocks: unknown[]): BodyValue => ({ body: JSON.stringify(blocks), format: 'rich2' });

describe('BodyEditor Markdown mode', () => {
  it('converts rich text to Markdown and back', async () => {
    const onValue = vi.fn();
    render(
      <Harness
        initial={rich([{ type: 'p', children: [{ text: 'Hi ' }, { text: 'there', bold: true }] }])}
        onValue={onValue}
      />,
    );
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Markdown' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(onValue).toHaveBeenLastCalledWith({ body: 'Hi **there**', format: 'markdown' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const textarea = screen.getByLabelText('Body');
    expect((textarea as HTMLTextAreaElement).value).toBe('Hi **there**');
    await user.type(textarea, ' and _you_');
    await user.click(toggle);
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(
        rich([
          {
            type: 'p',
            children: [
              { text: 'Hi ' },
              { text: 'there', bold: true },
              { text: ' and ' },
              { text: 'you', italic: true },
            ],
          },
        ]),
      ),
    );
  });

  it('asks before dropping a spoiler, and keeps rich text when cancelled', async () => {
    const onValue = vi.fn();
    render(
      <Harness
        initial={rich([
          { type: 'spoiler', children: [{ type: 'p', children: [{ text: 'secret' }] }] },
        ])}
        onValue={onValue}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to Markdown' });
    expect(dialog.textContent).toContain('Markdown cannot show spoilers or tables.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onValue).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    await user.click(screen.getByRole('button', { name: 'Switch to Markdown' }));
    expect(onValue).toHaveBeenLastCalledWith({ body: 'secret', format: 'markdown' });
  });

  it('edits other stored formats as they are, without a mode switch', () => {
    render(<Harness initial={{ body: '[b]old[/b]', format: 'bbcode' }} onValue={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Markdown' })).toBeNull();
    expect((screen.getByLabelText(/^Body/) as HTMLTextAreaElement).value).toBe('[b]old[/b]');
  });
});
