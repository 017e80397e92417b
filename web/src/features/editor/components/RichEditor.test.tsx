import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor, Transforms } from 'slate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';
import { mentionSearch } from '../use-mention-suggestions.ts';
import { createRichEditor, RichEditorView } from './RichEditor.tsx';

const { uploadMedia, fetchUploadLimits } = vi.hoisted(() => ({
  uploadMedia: vi.fn(),
  fetchUploadLimits: vi.fn(),
}));
vi.mock('../../media/api/media.api.ts', () => ({ uploadMedia, fetchUploadLimits }));

// jsdom has no isContentEditable, which Slate reads to accept key events from the editor.
beforeAll(() => {
  if (!('isContentEditable' in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
      configurable: true,
      get(this: HTMLElement) {
        const host = this.closest('[contenteditable]');
        return host !== null && host.getAttribute('contenteditable') !== 'false';
      },
    });
  }
});

function paragraph(text: string): string {
  return JSON.stringify([{ type: 'p', children: [{ text }] }]);
}

function renderEditor(text = '') {
  const editor = createRichEditor();
  const onChange = vi.fn<(value: string) => void>();
  const view = render(
    <RichEditorView
      editor={editor}
      initialValue={paragraph(text)}
      onChange={onChange}
      label="Body"
      placeholder="Write something"
    />,
  );
  const lastValue = () => JSON.parse(onChange.mock.lastCall?.[0] ?? '[]') as unknown;
  return { editor, onChange, lastValue, view };
}

/** Slate tells React about changes in a microtask. */
async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

function editable(): HTMLElement {
  return screen.getByRole('textbox', { name: 'Body' });
}

describe('RichEditor toolbar', () => {
  it('is one tab stop with arrow-key navigation between named buttons', async () => {
    renderEditor('hello');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Strikethrough',
      'Inline code',
      'Link',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Heading 5',
      'Quote',
      'Code block',
      'Bulleted list',
      'Numbered list',
      'Spoiler',
      'Image',
    ]);
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    const user = userEvent.setup();
    act(() => buttons[0]?.focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    expect(buttons[1]?.tabIndex).toBe(0);
    expect(buttons[0]?.tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(buttons[14]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('marks the selection bold and shows the button pressed', async () => {
    const { editor, lastValue } = renderEditor('hello world');
    act(() => {
      Transforms.select(editor, {
        anchor: { path: [0, 0], offset: 0 },
        focus: { path: [0, 0], offset: 5 },
      });
    });
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold?.getAttribute('aria-pressed')).toBe('false');
    await userEvent.setup().click(bold);
    expect(bold?.getAttribute('aria-pressed')).toBe('true');
    expect(lastValue()).toEqual([
      { type: 'p', children: [{ text: 'hello', bold: true }, { text: ' world' }] },
    ]);
    expect(editable().querySelector('strong')?.textContent).toContain('hello');
  });

  it('applies shortcuts: Ctrl+I italic, Ctrl+Shift+X strikethrough, Ctrl+E code', async () => {
    const { editor, lastValue } = renderEditor('abc');
    act(() => {
      Transforms.select(editor, {
        anchor: Editor.start(editor, []),
        focus: Editor.end(editor, []),
      });
    });
    fireEvent.keyDown(editable(), { key: 'i', ctrlKey: true });
    fireEvent.keyDown(editable(), { key: 'X', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(editable(), { key: 'e', metaKey: true });
    await flush();
    expect(lastValue()).toEqual([
      { type: 'p', children: [{ text: 'abc', italic: true, strikethrough: true, code: true }] },
    ]);
    expect(
      screen.getByRole('button', { name: 'Strikethrough' })?.getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('turns the line into a heading and a list from the toolbar', async () => {
    const { editor, lastValue } = renderEditor('Plan');
    act(() => Transforms.select(editor, Editor.end(editor, [])));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Heading 3' }));
    expect(lastValue()).toEqual([{ type: 'h3', children: [{ text: 'Plan' }] }]);
    expect(screen.getByRole('heading', { level: 3, name: 'Plan' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(
      screen.getByRole('button', { name: 'Numbered list' })?.getAttribute('aria-pressed'),
    ).toBe('true');
    expect(lastValue()).toEqual([
      {
        type: 'ol',
        children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'Plan' }] }] }],
      },
    ]);
  });
});

describe('RichEditor links', () => {
  it('accepts only safe addresses in the link dialog and wraps the selection', async () => {
    const { editor, lastValue } = renderEditor('see docs');
    act(() => {
      Transforms.select(editor, {
        anchor: { path: [0, 0], offset: 4 },
        focus: { path: [0, 0], offset: 8 },
      });
    });
    const user = userEvent.setup();
    fireEvent.keyDown(editable(), { key: 'k', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Insert link' });
    const url = within(dialog).getByLabelText('URL');
    await user.type(url, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Links must start with http://, https://, mailto:, tel:, / or #.'),
    ).toBeTruthy();
    expect(url?.getAttribute('aria-invalid')).toBe('true');
    await user.clear(url);
    await user.type(url, 'example.com/guide{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastValue()).toEqual([
      {
        type: 'p',
        children: [
          { text: 'see ' },
          { type: 'a', url: 'https://example.com/guide', children: [{ text: 'docs' }] },
          { text: '' },
        ],
      },
    ]);
  });
});

describe('RichEditor mentions', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    mentionSearch.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const prefix = (url.searchParams.get('name') ?? '').replace(/\*$/, '').toLowerCase();
      const all = [
        { userID: 3, name: 'ember', photoUrl: null },
        { userID: 4, name: 'emma', photoUrl: null },
        { userID: 5, name: 'otto', photoUrl: null },
      ];
      return jsonResponse(
        200,
        all.filter((user) => user.name.startsWith(prefix)),
      );
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(fetchMock as typeof fetch);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function typeText(editor: Editor, text: string) {
    for (const character of text) {
      // Slate tells React about changes in a microtask: let it run inside act().
      await act(async () => {
        Transforms.insertText(editor, character);
        await Promise.resolve();
      });
    }
  }

  async function settle(ms = 60) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  it('asks once after the 50 ms debounce with name=<typed>*, order=mention, limit=50', async () => {
    const { editor } = renderEditor('Hi ');
    act(() => Transforms.select(editor, Editor.end(editor, [])));
    await typeText(editor, '@em');
    await settle(10);
    expect(fetchMock).not.toHaveBeenCalled();
    await settle(60);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v2/users/by-names/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: 'em*',
      order: 'mention',
      limit: '50',
    });
    const listbox = await screen.findByRole('listbox', { name: 'Mention suggestions' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ember', 'emma']);
  });

  it('reuses a shorter answer that had fewer than 50 users instead of asking again', async () => {
    const { editor } = renderEditor('');
    act(() => Transforms.select(editor, Editor.end(editor, [])));
    await typeText(editor, '@e');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await typeText(editor, 'mm');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['emma']);
  });

  it('moves with the arrows, inserts with Enter, and closes with Escape', async () => {
    const { editor, lastValue } = renderEditor('');
    act(() => Transforms.select(editor, Editor.end(editor, [])));
    await typeText(editor, '@em');
    await settle();
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(editable()?.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(editable(), { key: 'ArrowDown' });
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    expect(editable()?.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(editable(), { key: 'ArrowDown' });
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(editable(), { key: 'ArrowUp' });
    fireEvent.keyDown(editable(), { key: 'Enter' });
    await flush();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(lastValue()).toEqual([
      {
        type: 'p',
        children: [
          { text: '' },
          { type: '@', userID: 4, name: 'emma', children: [{ text: '' }] },
          { text: ' ' },
        ],
      },
    ]);

    await typeText(editor, '@ot');
    await settle();
    expect(await screen.findByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(editable(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(editable()?.hasAttribute('aria-activedescendant')).toBe(false);
  });
});

describe('RichEditor images', () => {
  beforeEach(() => {
    uploadMedia.mockReset();
    fetchUploadLimits.mockReset();
  });

  function configResponse(maxSize: number) {
    fetchUploadLimits.mockResolvedValue({ maxSize, allowedExtensions: ['png', 'jpg', 'pdf'] });
  }

  it('refuses files over the size limit or with other extensions, with the spec messages', async () => {
    configResponse(1024);
    const { view } = renderEditor('');
    const { container } = view;
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    const user = userEvent.setup();
    await user.upload(input, new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert'))?.textContent).toContain(
      'The uploaded file was too big (max 1 KB).',
    );
    await user.upload(input, new File(['x'], 'notes.PDF', { type: 'image/png' }));
    expect((await screen.findByRole('alert'))?.textContent).toContain(
      'The uploaded file did not have an allowed extension. Only the following extensions are allowed. jpg, png.',
    );
    expect(uploadMedia).not.toHaveBeenCalled();
  });

  it('uploads a chosen image and inserts it as an image card', async () => {
    configResponse(1024 * 1024);
    uploadMedia.mockResolvedValue({
      url: '/uploads/cat.png',
      name: 'cat.png',
      width: 40,
      height: 30,
    });
    const { view, lastValue } = renderEditor('');
    const { container } = view;
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    await userEvent.setup().upload(input, new File(['png'], 'cat.PNG', { type: 'image/png' }));
    expect((await screen.findByRole('img', { name: 'cat.png' }))?.getAttribute('src')).toBe(
      '/uploads/cat.png',
    );
    expect(lastValue()).toEqual([
      {
        type: 'rich_embed_card',
        dataSourceType: 'image',
        url: '/uploads/cat.png',
        embedData: { url: '/uploads/cat.png', name: 'cat.png', width: 40, height: 30 },
        children: [{ text: '' }],
      },
      { type: 'p', children: [{ text: '' }] },
    ]);
  });
});
