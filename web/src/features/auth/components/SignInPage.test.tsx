import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderWithApp } from '../../../test/render.tsx';
import * as reload from '../navigate-with-reload.ts';
import { SignInPage } from './SignInPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInPage', () => {
  it('signs in with name or e-mail, password and Keep me signed in, then goes to the target', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { userID: 7, name: 'ember' }));
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.spyOn(reload, 'navigateWithReload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithApp(<SignInPage />, { route: '/entry/signin?target=%2Fcategories' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeDefined();
    await user.type(screen.getByLabelText(/Email\/Username/), 'ember');
    await user.type(screen.getByLabelText(/^Password/), 'Correct-Horse-42');
    await user.click(screen.getByLabelText('Keep me signed in'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/authenticate/password');
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'ember',
      password: 'Correct-Horse-42',
      persist: true,
    });
    expect(navigate).toHaveBeenCalledWith('/categories');
  });

  it('shows a field error next to its field (spec 001 §8.1)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, {
          message: 'Validation Failed',
          status: 401,
          errors: [
            {
              field: 'password',
              code: 'invalid',
              message: 'The password you entered is incorrect.',
              status: 401,
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<SignInPage />, { route: '/entry/signin' });
    await user.type(screen.getByLabelText(/Email\/Username/), 'ember');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const password = await screen.findByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'The password you entered is incorrect.',
    );
    // A field error is shown by its field, not again above the form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a form-level message when the error belongs to no field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, { message: 'You have tried to sign in too many times.', status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<SignInPage />, { route: '/entry/signin' });
    await user.type(screen.getByLabelText(/Email\/Username/), 'ember');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have tried to sign in too many times.',
    );
  });

  it('tells a signed-in user who they are', () => {
    renderWithApp(<SignInPage />, { route: '/entry/signin', bootstrap: { me: member } });
    expect(screen.getByText('You are signed in as ember.')).toBeDefined();
  });
});
