import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../../../../common/src/api/jobs.ts';
import { jsonResponse, member, permissionSet, renderWithApp } from '../../../test/render.tsx';
import { stubApi } from '../test/fetch-router.ts';
import { JobsPage } from './JobsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = { ...member, userID: 2, name: 'admin', isAdmin: true };

function deadJob(overrides: Partial<Job> = {}): Job {
  return {
    jobID: 7,
    type: 'runLongRunnerAction',
    payload: {},
    status: 'dead',
    runAt: '2026-03-01T12:00:00+00:00',
    attempts: 3,
    maxAttempts: 3,
    lastError: 'Error: the mail server refused the message',
    jobTrackingID: null,
    dateInserted: '2026-03-01T12:00:00+00:00',
    dateUpdated: '2026-03-01T12:05:00+00:00',
    dateCompleted: null,
    ...overrides,
  };
}

describe('JobsPage', { timeout: 20_000 }, () => {
  it('shows the permission error page without site.manage', () => {
    const calls = stubApi({});
    renderWithApp(<JobsPage />, {
      route: '/dashboard/jobs',
      bootstrap: { me: member, permissions: permissionSet(['session.valid', 'community.manage']) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Permission Problem' })).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('lists dead jobs with their last error and retries one', async () => {
    let dead = [deadJob()];
    const calls = stubApi({
      'GET /jobs': (call) => jsonResponse(200, call.search.get('status') === 'dead' ? dead : []),
      'POST /jobs/7/retry': () => {
        const job = deadJob({ status: 'queued', attempts: 0 });
        dead = [];
        return jsonResponse(200, job);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<JobsPage />, {
      route: '/dashboard/jobs',
      bootstrap: { me: admin, permissions: permissionSet(['session.valid', 'site.manage']) },
    });
    const row = (await screen.findByText('runLongRunnerAction #7')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Error: the mail server refused the message')).toBeDefined();
    expect(within(row as HTMLElement).getByText('3/3')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Retry job 7' }));
    expect(await screen.findByText('The job is queued again.')).toBeDefined();
    expect(await screen.findByText('No jobs here.')).toBeDefined();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/jobs/7/retry']);
  });

  it('shows failed jobs waiting for a retry when asked', async () => {
    stubApi({
      'GET /jobs': (call) =>
        jsonResponse(200, call.search.get('status') === 'failed' ? [deadJob({ jobID: 9, status: 'failed', attempts: 1 })] : []),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<JobsPage />, {
      route: '/dashboard/jobs',
      bootstrap: { me: admin, permissions: permissionSet(['session.valid', 'site.manage']) },
    });
    expect(await screen.findByText('No jobs here.')).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('runLongRunnerAction #9')).toBeDefined();
  });
});
