import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { discussionFixture } from '../../../../layout/test-fixtures.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { DiscussionListWidget } from './DiscussionListWidget.tsx';
import { unreadBadgeText } from './DiscussionListItem.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('DiscussionListWidget', () => {
  it('shows each discussion with its link, author, category, counts and last comment', () => {
    renderWithApp(
      <DiscussionListWidget
        title="Recent Discussions"
        headingLevel={1}
        discussions={[discussionFixture()]}
        paging={{ page: 1, limit: 30, total: 1 }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Recent Discussions' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Growing tomatoes indoors' });
    expect(link.getAttribute('href')).toBe('/discussion/11/growing-tomatoes-indoors');
    expect(screen.getByRole('link', { name: 'fern' }).getAttribute('href')).toBe('/profile/fern');
    expect(screen.getByRole('link', { name: 'Garden Talk' }).getAttribute('href')).toBe('/categories/garden-talk');
    expect(screen.getByText('12 comments')).toBeTruthy();
    expect(screen.getByText('1.5k views')).toBeTruthy();
    expect(screen.getByText(/Last comment by/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'basil' })).toBeTruthy();
    expect(screen.getByText('Which lamp do you use?')).toBeTruthy();
  });

  it('marks announcements, closed, bookmarked and unread discussions, and shows up to 3 user tags', () => {
    renderWithApp(
      <DiscussionListWidget
        discussions={[
          discussionFixture({
            pinned: true,
            closed: true,
            bookmarked: true,
            unread: true,
            countUnread: 120,
            tags: [
              { tagID: 1, name: 'tomato', type: 'User' },
              { tagID: 2, name: 'indoor', type: 'User' },
              { tagID: 3, name: 'lamps', type: 'User' },
              { tagID: 4, name: 'fourth', type: 'User' },
            ],
          }),
        ]}
      />,
    );
    const status = screen.getByRole('list', { name: 'Status' });
    expect(within(status).getByText('Announcement')).toBeTruthy();
    expect(within(status).getByText('Closed')).toBeTruthy();
    expect(within(status).getByText('Bookmarked')).toBeTruthy();
    expect(within(status).getByText('99+ new')).toBeTruthy();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('link').map((tag) => tag.textContent)).toEqual(['tomato', 'indoor', 'lamps']);
    expect(within(tags).getByRole('link', { name: 'tomato' }).getAttribute('href')).toBe('/discussions?tagID=1');
  });

  it('hides the category link in a category’s own list and says when the list is empty', () => {
    const { unmount } = renderWithApp(<DiscussionListWidget categoryID={3} discussions={[discussionFixture()]} />);
    expect(screen.queryByRole('link', { name: 'Garden Talk' })).toBeNull();
    unmount();
    renderWithApp(<DiscussionListWidget discussions={[]} />);
    expect(screen.getByText('No discussions were found.')).toBeTruthy();
  });

  it('pages with /p{page} on /discussions and the sort selector reloads from page 1 in that order', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <DiscussionListWidget
          discussions={[discussionFixture()]}
          paging={{ page: 2, limit: 1, total: 3 }}
          apiParams={{ page: 2, sort: '-dateLastComment' }}
          showPager
          showSort
        />
        <Where />
      </>,
      { route: '/discussions/p2?tagID=4' },
    );
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/discussions/p3?tagID=4');
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/discussions?tagID=4');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Top');
    expect(screen.getByTestId('where').textContent).toBe('/discussions?tagID=4&sort=-score');
  });

  it('pages a category with /p{page} segments', () => {
    renderWithApp(
      <DiscussionListWidget discussions={[discussionFixture()]} paging={{ page: 1, limit: 1, total: 3 }} showPager />,
      { route: '/categories/garden-talk?sort=-hot' },
    );
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/categories/garden-talk/p2?sort=-hot');
  });

  it('says "1 comment" and "1 view" for one, "2 comments" and "2 views" for two (issue 11 item 18)', () => {
    renderWithApp(
      <DiscussionListWidget
        discussions={[
          discussionFixture({ discussionID: 1, name: 'One each', countComments: 1, countViews: 1 }),
          discussionFixture({ discussionID: 2, name: 'Two each', countComments: 2, countViews: 2 }),
        ]}
      />,
    );
    const [one, two] = screen.getAllByRole('listitem').filter((item) => /each/.test(item.textContent ?? ''));
    expect(one?.textContent).toContain('1 comment');
    expect(one?.textContent).not.toContain('1 comments');
    expect(one?.textContent).toContain('1 view');
    expect(one?.textContent).not.toContain('1 views');
    expect(two?.textContent).toContain('2 comments');
    expect(two?.textContent).toContain('2 views');
  });

  it('caps the unread badge at 99', () => {
    expect(unreadBadgeText(5)).toBe('5');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
