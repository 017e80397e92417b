import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { BadgeFlyout, BadgeFlyoutList, badgeCount } from './BadgeFlyout.tsx';

const loaded = { isPending: false, isError: false, error: null, data: ['First reply'] };

describe('BadgeFlyout (the me-box bell and envelope)', () => {
  it('shows the count, "99+" past 99, and no badge at 0', () => {
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    const { container } = renderWithApp(
      <BadgeFlyout
        label="Alerts, 120 unread"
        icon={null}
        count={120}
        title="Alerts"
        footer={() => null}
      >
        {() => null}
      </BadgeFlyout>,
    );
    expect(container.textContent).toContain('99+');
  });

  it('mounts its list only when opened, with the heading, action and footer', async () => {
    const user = userEvent.setup();
    let mounted = 0;
    function Body() {
      mounted += 1;
      return <BadgeFlyoutList query={loaded}>{(items) => <p>{items[0]}</p>}</BadgeFlyoutList>;
    }
    renderWithApp(
      <BadgeFlyout
        label="Alerts"
        icon={null}
        count={0}
        title="Alerts"
        action={() => <button type="button">Mark All Read</button>}
        footer={() => <a href="/alerts">View All</a>}
      >
        {() => <Body />}
      </BadgeFlyout>,
    );
    expect(mounted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Alerts' }));
    expect(mounted).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeDefined();
    expect(screen.getByText('First reply')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'View All' })).toBeDefined();
  });

  it('shows loading, then the error in an alert', () => {
    const { rerender } = renderWithApp(
      <BadgeFlyoutList query={{ ...loaded, isPending: true, data: undefined }}>
        {() => null}
      </BadgeFlyoutList>,
    );
    expect(screen.getByText('Loading')).toBeDefined();
    rerender(
      <BadgeFlyoutList
        query={{ isPending: false, isError: true, error: { message: 'Offline.' }, data: undefined }}
      >
        {() => null}
      </BadgeFlyoutList>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Offline.');
  });
});
