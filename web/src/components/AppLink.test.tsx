import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { AppLink } from './AppLink.tsx';

function Pages() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <AppLink to="/discussions?sort=-hot" className="title">
            Hot talk
          </AppLink>
        }
      />
      <Route path="/discussions" element={<h1>Recent Discussions</h1>} />
    </Routes>
  );
}

describe('AppLink', () => {
  it('is a real link to the path, focusable and named by its text', () => {
    renderWithApp(<Pages />);
    const link = screen.getByRole('link', { name: 'Hot talk' });
    expect(link.getAttribute('href')).toBe('/discussions?sort=-hot');
    expect(link.className).toBe('title');
    link.focus();
    expect(document.activeElement).toBe(link);
  });

  it('navigates in the app on a plain click (no page load)', () => {
    renderWithApp(<Pages />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(screen.getByRole('link', { name: 'Hot talk' }), click);
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { name: 'Recent Discussions' })).toBeTruthy();
  });

  it('leaves a modified or middle click to the browser (new tab, new window)', () => {
    renderWithApp(<Pages />);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      fireEvent(screen.getByRole('link', { name: 'Hot talk' }), click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(screen.queryByRole('heading', { name: 'Recent Discussions' })).toBeNull();
  });
});
