/** The bench's verdicts on the targets and its printed tables. */
import type { EndpointResult } from './measure.ts';
import type { PageLoad } from './frontend.ts';
import type { FanOutResult } from './fanout.ts';
import type { ScheduledPublishResult } from './drafts-run.ts';

export interface Target_ {
  name: string;
  met: boolean | null;
  value: string;
}

export function evaluateTargets(endpoints: EndpointResult[], pages: PageLoad[], fanOut?: FanOutResult, scheduledPublish?: ScheduledPublishResult): Target_[] {
  const by = (key: string) => endpoints.find((row) => row.key === key);
  const out: Target_[] = [];
  const rate = (key: string, name: string, minRps: number, maxP99?: number) => {
    const row = by(key);
    if (!row) return;
    const met = row.requestsPerSecond >= minRps && (maxP99 === undefined || row.p99 <= maxP99) && row.errors === 0;
    out.push({ name, met, value: `${row.requestsPerSecond} req/s, p99 ${row.p99} ms, ${row.errors} errors` });
  };
  rate('list', 'guest discussion list JSON ≥ 5,000 req/s, p99 ≤ 20 ms (target is at L)', 5000, 20);
  // "A discussion with comments" is two calls (the discussion, its 20 comments): both must reach it.
  const discussionCalls = ['discussion', 'discussionComments'].map(by).filter((row) => row !== undefined);
  if (discussionCalls.length > 0) {
    const slower = discussionCalls.reduce((a, b) => (b.requestsPerSecond < a.requestsPerSecond ? b : a));
    out.push({
      name: 'discussion with comments JSON ≥ 4,000 req/s (each of the two calls)',
      met: slower.requestsPerSecond >= 4000 && discussionCalls.every((row) => row.errors === 0),
      value: discussionCalls.map((row) => `${row.key} ${row.requestsPerSecond} req/s`).join(', '),
    });
  }
  rate('ssrDiscussion', 'SSR discussion page ≥ 1,500 req/s, p99 ≤ 40 ms', 1500, 40);
  const page1 = by('commentsPage1');
  const page50 = by('commentsPage50');
  if (page1 && page50) {
    out.push({
      name: 'comment page 50 within 1.5× of page 1 (req/s and p99)',
      met: page50.requestsPerSecond * 1.5 >= page1.requestsPerSecond && page50.p99 <= page1.p99 * 1.5,
      value: `page 1 ${page1.requestsPerSecond} req/s p99 ${page1.p99} ms; page 50 ${page50.requestsPerSecond} req/s p99 ${page50.p99} ms`,
    });
  }
  rate('profileDiscussions', "a profile's discussions list ≥ 2,000 req/s (target is at L)", 2000);
  rate('profileSsr', 'guest profile page SSR ≥ 1,000 req/s (target is at L)', 1000);
  rate('createComment', 'comment creation ≥ 500/s', 500);
  rate('memberNotifications', 'GET /notifications (member) ≥ 3,000 req/s (target is at L)', 3000);
  rate('autosave', 'autosave PATCH /drafts/{id} ≥ 1,000 req/s (target is at L)', 1000);
  rate('reportsList', 'moderators\' reports list ≥ 1,000 req/s with 100,000 open reports (target is at L)', 1000);
  rate('approvalQueue', 'approval queue ≥ 1,000 req/s with 100,000 open reports (target is at L)', 1000);
  const withRevision = by('editWithRevision');
  const withoutRevision = by('editWithoutRevision');
  if (withRevision && withoutRevision) {
    // CPU per request (server + database) rather than req/s: it hardly moves with the machine's load.
    const cost = (row: EndpointResult) => row.serverCpuMs + (row.databaseCpuMs ?? 0);
    const added = cost(withRevision) / cost(withoutRevision) - 1;
    out.push({
      name: 'keeping revisions adds ≤ 10 % to an edit (CPU per request)',
      met: added <= 0.1 && withRevision.errors === 0 && withoutRevision.errors === 0,
      value: `${cost(withRevision).toFixed(2)} vs ${cost(withoutRevision).toFixed(2)} ms (${added >= 0 ? '+' : ''}${(added * 100).toFixed(1)} %); ${withRevision.requestsPerSecond} vs ${withoutRevision.requestsPerSecond} req/s`,
    });
  }
  if (scheduledPublish) {
    out.push({
      name: `a due scheduled draft published within 5 s with ${scheduledPublish.waiting.toLocaleString('en')} waiting`,
      met: scheduledPublish.maxMs <= 5000,
      value: `${scheduledPublish.delaysMs.join(', ')} ms after dateScheduled (max ${scheduledPublish.maxMs} ms)`,
    });
  }
  if (fanOut) {
    out.push({
      name: `a comment notifies ${fanOut.followers.toLocaleString('en')} followers within 5 s`,
      met: fanOut.deliveredSeconds <= 5,
      value: `${fanOut.delivered} in ${fanOut.deliveredSeconds} s; e-mails ${fanOut.emails} in ${fanOut.emailedSeconds ?? '> 180'} s`,
    });
  }
  const cold = pages.find((row) => row.page === 'discussion page' && row.cache === 'cold');
  if (cold) {
    const kb = (cold.bytes.js + cold.bytes.css) / 1024;
    out.push({ name: 'discussion page first load ≤ 150 KB JS+CSS (compressed)', met: kb <= 150, value: `${kb.toFixed(1)} KB` });
    out.push({ name: 'discussion page LCP ≤ 500 ms cold', met: cold.lcpMs !== null && cold.lcpMs <= 500, value: `${cold.lcpMs ?? '–'} ms` });
  }
  const shifts = pages.filter((row) => row.cls !== null && row.cls !== undefined);
  if (shifts.length > 0) {
    const worst = shifts.reduce((most, row) => ((row.cls ?? 0) > (most.cls ?? 0) ? row : most));
    out.push({ name: 'CLS ≤ 0.1 on every page', met: (worst.cls ?? 0) <= 0.1, value: `worst ${worst.cls} (${worst.page}, ${worst.cache})` });
  }
  const reads = endpoints.filter((row) => row.method === 'GET');
  if (reads.length) {
    const peak = Math.max(...reads.map((row) => row.peakRssMb));
    out.push({ name: 'one process < 250 MB RSS during reads', met: peak < 250, value: `${peak} MB peak` });
  }
  out.push({ name: 'L no more than 1.5× slower than S', met: null, value: 'node bench/compare.ts <S result> <L result> --limit 1.5' });
  out.push({ name: 'PostgreSQL within 2× of SQLite', met: null, value: 'node bench/compare.ts <sqlite result> <postgres result> --limit 2' });
  return out;
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function formatTables(result: { endpoints: EndpointResult[]; frontEnd: PageLoad[]; targets: Target_[] }): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
  const ms = (value: number) => String(Math.round(value * 10) / 10);
  return [
    table(
      ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'peak RSS MB', 'CPU ms/req server', 'CPU ms/req database'],
      result.endpoints.map((row) => [
        row.label,
        ms(row.requestsPerSecond),
        ms(row.p50),
        ms(row.p95),
        ms(row.p99),
        String(row.errors),
        String(row.peakRssMb),
        // Older result files (bench/compare.ts reads them too) have no CPU figures.
        row.serverCpuMs === undefined ? '–' : row.serverCpuMs.toFixed(2),
        row.databaseCpuMs === undefined || row.databaseCpuMs === null ? '–' : row.databaseCpuMs.toFixed(2),
      ]),
    ),
    '',
    table(
      ['page', 'cache', 'requests', 'JS KB', 'CSS KB', 'HTML KB', 'total KB', 'encoding', 'LCP ms', 'CLS', 'TTI ms'],
      result.frontEnd.map((row) => [
        row.page,
        row.cache,
        String(row.requests),
        kb(row.bytes.js),
        kb(row.bytes.css),
        kb(row.bytes.html),
        kb(row.bytes.total),
        [...new Set(Object.values(row.encodings).flat())].join(',') || '–',
        row.lcpMs === null ? '–' : String(row.lcpMs),
        // Older result files (bench/compare.ts reads them too) have no CLS.
        row.cls === null || row.cls === undefined ? '–' : row.cls.toFixed(3),
        row.ttiMs === null ? '–' : String(row.ttiMs),
      ]),
    ),
    '',
    table(
      ['target', 'met', 'measured'],
      result.targets.map((row) => [row.name, row.met === null ? 'n/a' : row.met ? 'met' : 'MISSED', row.value]),
    ),
  ].join('\n');
}
