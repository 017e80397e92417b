import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test/render.tsx';
import * as reload from '../navigate-with-reload.ts';
import { RegisterPage } from './RegisterPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function honeypotInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[name="hpt"]');
  if (!input) throw new Error('no honeypot field');
  return input;
}

describe('RegisterPage honeypot (issue 17)', () => {
  it('is hidden from screen readers, the keyboard, autofill and the eye', async () => {
    const user = userEvent.setup();
    renderWithApp(<RegisterPage />, { route: '/entry/register' });
    const input = honeypotInput();
    expect(input.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(input.closest('.visually-hidden')).not.toBeNull();
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute('autocomplete')).toBe('off');
    // Not in the accessibility tree: e-mail and username are the form's only text boxes.
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['email', 'name']);
    // Tabbing goes from the password to the submit button, past the honeypot.
    await user.click(screen.getByLabelText(/^Password/));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Register' }));
  });

  it('sends the honeypot empty with a person’s registration', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { userID: 9, name: 'wren', email: 'wren@example.com' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(reload, 'navigateWithReload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<RegisterPage />, { route: '/entry/register' });
    await user.type(screen.getByLabelText(/^Email/), 'wren@example.com');
    await user.type(screen.getByLabelText(/^Username/), 'wren');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse-42');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/users/register');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'wren@example.com',
      name: 'wren',
      password: 'Correct-Horse-42',
      hpt: '',
    });
  });
});
