import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test/render.tsx';
import { TagPicker, type PickedTag } from './TagPicker.tsx';

const known = [
  { tagID: 1, name: 'garden', urlcode: 'garden', countDiscussions: 12 },
  { tagID: 2, name: 'gardening', urlcode: 'gardening', countDiscussions: 3 },
  { tagID: 3, name: 'roses', urlcode: 'roses' },
];

let searches: string[] = [];

beforeEach(() => {
  searches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const query = new URL(url, 'http://localhost').searchParams.get('query') ?? '';
      searches.push(query);
      return Promise.resolve(
        jsonResponse(
          200,
          known.filter((tag) => tag.name.startsWith(query.toLowerCase())),
        ),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness(props: { canCreate?: boolean; initial?: PickedTag[]; errors?: string[] }) {
  const [tags, setTags] = useState<PickedTag[]>(props.initial ?? []);
  const [submits, setSubmits] = useState(0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSubmits((count) => count + 1);
      }}
    >
      <TagPicker
        value={tags}
        onChange={setTags}
        canCreate={props.canCreate}
        errors={props.errors}
      />
      <output aria-label="picked">{JSON.stringify(tags)}</output>
      <output aria-label="submits">{submits}</output>
    </form>
  );
}

const picked = () => JSON.parse(screen.getByLabelText('picked').textContent ?? '[]') as unknown;
const combobox = () => screen.getByRole('combobox', { name: 'Tags' });

describe('TagPicker (the post form and the Tag Discussion modal)', () => {
  it('suggests tags as a listbox the arrow keys move through; Enter picks without submitting', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    await user.type(combobox(), 'gar');
    const list = await screen.findByRole('listbox', { name: 'Tags' });
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(list.textContent).toContain('garden');
    expect(searches).toContain('gar');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = combobox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toContain('gardening');
    await user.keyboard('{Enter}');
    expect(picked()).toEqual([{ tagID: 2, name: 'gardening' }]);
    expect(screen.getByLabelText('submits').textContent).toBe('0');
    expect((combobox() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('list', { name: 'Selected tags' }).textContent).toContain('gardening');
  });

  it('Enter on a name typed exactly picks that tag; Escape closes the list', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.type(combobox(), 'roses');
    await screen.findByRole('listbox', { name: 'Tags' });
    await user.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');
    expect(picked()).toEqual([{ tagID: 3, name: 'roses' }]);
  });

  it('adds a new name only when the user may create tags', async () => {
    const user = userEvent.setup();
    const view = renderWithApp(<Harness />);
    await user.type(combobox(), 'orchids');
    expect(await screen.findByText('No tags found.')).toBeDefined();
    await user.keyboard('{Enter}');
    expect(picked()).toEqual([]);
    expect(screen.getByText('Choose from the existing tags. Up to 5 tags.')).toBeDefined();
    view.unmount();

    renderWithApp(<Harness canCreate />);
    expect(screen.getByText('Press Enter to add a tag. Up to 5 tags.')).toBeDefined();
    await user.type(combobox(), 'orchids,');
    expect(picked()).toEqual([{ tagID: null, name: 'orchids' }]);
  });

  it('removes chips by their buttons or Backspace, and stops at five tags', async () => {
    const user = userEvent.setup();
    const five = ['a', 'b', 'c', 'd', 'e'].map((name, index) => ({ tagID: index + 10, name }));
    renderWithApp(<Harness initial={five} />);
    expect((combobox() as HTMLInputElement).disabled).toBe(true);
    expect(combobox().getAttribute('placeholder')).toBe('You cannot add more than 5 tags.');
    await user.click(screen.getByRole('button', { name: 'Remove tag c' }));
    expect((picked() as PickedTag[]).map((tag) => tag.name)).toEqual(['a', 'b', 'd', 'e']);
    expect((combobox() as HTMLInputElement).disabled).toBe(false);
    await user.click(combobox());
    await user.keyboard('{Backspace}');
    expect((picked() as PickedTag[]).map((tag) => tag.name)).toEqual(['a', 'b', 'd']);
  });

  it("ties the server's errors to the box", async () => {
    renderWithApp(<Harness errors={['The tag “x” is not allowed.']} />);
    await waitFor(() => expect(combobox().getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (combobox().getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent ?? '');
    expect(texts).toContain('The tag “x” is not allowed.');
  });
});
