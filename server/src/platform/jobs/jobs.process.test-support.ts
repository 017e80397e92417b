import fs from 'node:fs';
import { z } from 'zod';
import { registerJob } from './registry.ts';

// Loaded with `node --import` into the real server process by jobs.process.api.test.ts (and
// imported by the test, to enqueue): a job that hangs on its first attempt, so the process can be
// killed while it runs, and completes on the next one. Each step is appended to `marker`.

export const SLOW_ONCE_JOB = 'test.slowOnce';

registerJob(SLOW_ONCE_JOB, {
  schema: z.object({ marker: z.string() }),
  handler: async ({ marker }, run) => {
    fs.appendFileSync(marker, `started ${run.attempts}\n`);
    if (run.attempts === 1) await new Promise(() => {});
    fs.appendFileSync(marker, 'completed\n');
  },
});
