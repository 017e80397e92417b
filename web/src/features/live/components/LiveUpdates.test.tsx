import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../../common/src/api/notifications.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { stubApi } from '../../admin/test/fetch-router.ts';
import { NotificationsBell } from '../../notifications/components/NotificationsBell.tsx';
import type { Comment, CommentThread } from '../../../../../common/src/api/comments.ts';
import { useThreadQuery } from '../../comments/api/comments.queries.ts';
import { useLiveDiscussion } from '../hooks/live-discussion.ts';
import { LiveUpdates } from './LiveUpdates.tsx';

const emptyThread: CommentThread = { threadStructure: [], commentsByID: {} };

/** A reader of discussion 12: its cached thread (as the comment thread widget holds it). */
function ThreadProbe() {
  useLiveDiscussion(12);
  const thread = useThreadQuery(12, 1, 'dateInserted', emptyThread).data;
  return <p>{`${String(Object.keys(thread.commentsByID).length)} comments cached`}</p>;
}

const liveComment: Comment = {
  commentID: 90,
  discussionID: 12,
  parentRecordType: 'discussion',
  parentRecordID: 12,
  parentCommentID: null,
  depth: 1,
  countChildComments: 0,
  scoreChildComments: 0,
  name: 'Re: Fresh',
  categoryID: 1,
  body: '<p>Hot off the press.</p>',
  format: 'text',
  dateInserted: '2026-03-01T12:00:00+00:00',
  dateUpdated: null,
  insertUserID: 5,
  updateUserID: null,
  score: 0,
  url: 'http://localhost/discussion/comment/90#Comment_90',
  attributes: {},
  moderationStatus: 'accepted',
  displayType: 'full',
  permissions: { 'comments.add': true, 'comments.edit': false, 'comments.delete': false },
  type: 'comment',
};

const notification: Notification = {
  notificationID: 41,
  body: '<b>Bea</b> started a new discussion: <b>Fresh &amp; live</b>.',
  photoUrl: null,
  url: 'http://localhost/discussion/12/fresh-live',
  read: false,
  dateInserted: '2026-03-01T12:00:00+00:00',
  dateUpdated: '2026-03-01T12:00:00+00:00',
  activityType: 'NewDiscussion',
  count: 1,
  notifyUsers: [{ userID: 5, name: 'Bea', photoUrl: '' }],
};

describe('LiveUpdates', { timeout: 20_000 }, () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('raises the bell’s badge and shows a toast linking to a notification that arrives live', async () => {
    stubApi({
      'GET /users/me-counts': () => jsonResponse(200, { counts: [{ name: 'UnreadNotifications', count: 0 }, { name: 'Conversations', count: 2 }] }),
      'GET /notifications': () => jsonResponse(200, [notification]),
    });
    renderWithApp(
      <>
        <NotificationsBell />
        <LiveUpdates />
      </>,
      { bootstrap: { me: { ...member, countUnreadNotifications: 0 }, permissions: permissionSet(['session.valid']) } },
    );
    await screen.findByRole('button', { name: 'Notifications' });
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/v2/events');
    expect(source.withCredentials).toBe(true);
    source.emit('ready', { userID: member.userID, discussionID: null, countUnreadNotifications: 0 }, '40.0');
    source.emit('notification', notification, '41.0');
    source.emit('notificationCount', { countUnreadNotifications: 1 }, '41.0');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const toasts = await screen.findAllByRole('link', { name: /Bea started a new discussion: Fresh & live\./ });
    const toast = toasts.find((link) => link.textContent.includes('New notification'));
    expect(toast?.getAttribute('href')).toBe('/discussion/12/fresh-live');
  });

  it('a guest reading a discussion gets its new comments into the cached thread, once', async () => {
    renderWithApp(
      <>
        <ThreadProbe />
        <LiveUpdates />
      </>,
    );
    await screen.findByText('0 comments cached');
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/v2/events?discussionID=12');
    source.emit('comment', liveComment, '0.90');
    await screen.findByText('1 comments cached');
    source.emit('comment', liveComment, '0.90');
    expect(screen.getByText('1 comments cached')).toBeDefined();
  });

  it('opens no stream for a guest who reads no discussion', () => {
    renderWithApp(<LiveUpdates />);
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
