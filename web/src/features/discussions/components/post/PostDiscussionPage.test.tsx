import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../../test/render.tsx';
import { PostDiscussionPage } from './PostDiscussionPage.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

// The editor's chunk is not needed here: the form is tested with its plain fallback text box.
vi.mock('../../../editor/LazyRichEditor.tsx', async () => {
  const actual = await vi.importActual<typeof import('../../../editor/LazyRichEditor.tsx')>(
    '../../../editor/LazyRichEditor.tsx',
  );
  return { ...actual, LazyRichEditor: actual.EditorFallback };
});

function category(categoryID: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    categoryID,
    name,
    depth: 1,
    displayAs: 'discussions',
    allowedDiscussionTypes: ['discussion', 'question'],
    ...extra,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function mockApi(handler: Handler) {
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    if (url.pathname === '/api/v2/categories') {
      return jsonResponse(200, [
        category(1, 'General'),
        category(2, 'Help', { depth: 2 }),
        category(3, 'Sections', { displayAs: 'categories' }),
      ]);
    }
    return handler(url, init) ?? jsonResponse(404, { message: 'Not found.', status: 404 });
  });
  return calls;
}

const memberBootstrap = {
  me: member,
  permissions: permissionSet(['session.valid', 'discussions.add', 'discussions.view']),
  config: { 'tagging.enabled': false },
};

describe('PostDiscussionPage', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    // The form keeps an autosaved draft in localStorage (issue 16): each test starts without one.
    window.localStorage.clear();
  });

  it('offers only categories that take posts, preselects the one in the URL', async () => {
    mockApi(() => undefined);
    renderWithApp(<PostDiscussionPage />, {
      bootstrap: memberBootstrap,
      route: '/post/discussion/2',
      path: '/post/:postType/:categoryID',
    });
    const select = await screen.findByLabelText(/^Category/, {}, { timeout: 5000 });
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent?.trim())).toEqual(['General', 'Help']);
    expect((select as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('heading', { level: 1, name: 'New Discussion' })).toBeTruthy();
    expect(screen.queryByLabelText('Tags')).toBeNull();
  });

  it('shows the server’s field errors next to each field', async () => {
    const calls = mockApi((url, init) => {
      if (url.pathname === '/api/v2/discussions' && init?.method === 'POST') {
        return jsonResponse(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [
            {
              field: 'name',
              code: 'maxLength',
              message: 'name is 3 characters too long.',
              status: 422,
            },
            {
              field: 'body',
              code: 'invalid',
              message: 'body must be at most 8000 characters.',
              status: 422,
            },
          ],
        });
      }
      return undefined;
    });
    renderWithApp(<PostDiscussionPage />, {
      bootstrap: memberBootstrap,
      route: '/post/discussion/1',
      path: '/post/:postType/:categoryID',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Title/, {}, { timeout: 5000 }), 'A title');
    await user.type(screen.getByLabelText('Body'), 'Some text');
    await user.click(screen.getByRole('button', { name: 'Post Discussion' }));

    const title = screen.getByLabelText(/^Title/);
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 });
    const titleErrors = document.getElementById(title.getAttribute('aria-describedby') ?? '');
    expect(titleErrors?.textContent).toBe('name is 3 characters too long.');
    const body = screen.getByLabelText('Body');
    const bodyErrors = document.getElementById(body.getAttribute('aria-describedby') ?? '');
    expect(bodyErrors?.textContent).toBe('body must be at most 8000 characters.');

    const post = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      name: 'A title',
      body: JSON.stringify([{ type: 'p', children: [{ text: 'Some text' }] }]),
      format: 'rich2',
      categoryID: 1,
    });
  });

  it('shows the premoderation message on 202', async () => {
    mockApi((url, init) =>
      url.pathname === '/api/v2/discussions/question' && init?.method === 'POST'
        ? jsonResponse(202, {
            message: 'Your discussion will appear after it is approved.',
            status: 202,
          })
        : undefined,
    );
    renderWithApp(<PostDiscussionPage />, {
      bootstrap: memberBootstrap,
      route: '/post/question',
      path: '/post/:postType',
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/^Category/, {}, { timeout: 5000 }), '1');
    await user.type(screen.getByLabelText(/^Title/), 'Why?');
    await user.type(screen.getByLabelText('Body'), 'Because.');
    await user.click(screen.getByRole('button', { name: 'Post Question' }));
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe(
      'Your discussion will appear after it is approved.',
    );
  });

  it('refuses an empty body before sending', async () => {
    const calls = mockApi(() => undefined);
    renderWithApp(<PostDiscussionPage />, {
      bootstrap: memberBootstrap,
      route: '/post/discussion/1',
      path: '/post/:postType/:categoryID',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Title/, {}, { timeout: 5000 }), 'Only a title');
    await user.click(screen.getByRole('button', { name: 'Post Discussion' }));
    const body = screen.getByLabelText('Body');
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });

  it('shows the permission page for a category the member may not post in', async () => {
    mockApi((url) =>
      url.pathname === '/api/v2/categories/9' ? jsonResponse(200, category(9, 'Staff')) : undefined,
    );
    renderWithApp(<PostDiscussionPage />, {
      bootstrap: memberBootstrap,
      route: '/post/discussion/9',
      path: '/post/:postType/:categoryID',
    });
    expect(
      await screen.findByRole('heading', { name: 'Permission Problem' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends guests to sign in, keeping the page as target', async () => {
    mockApi(() => undefined);
    renderWithApp(
      <Routes>
        <Route path="/post/:postType/:categoryID" element={<PostDiscussionPage />} />
        <Route path="/entry/signin" element={<Where />} />
      </Routes>,
      { route: '/post/discussion/1' },
    );
    expect((await screen.findByTestId('where', {}, { timeout: 5000 })).textContent).toBe(
      `/entry/signin?target=${encodeURIComponent('/post/discussion/1')}`,
    );
  });
});
