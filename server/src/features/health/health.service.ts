import { AppError } from '../../platform/errors.ts';
import type { AppDeps } from '../../http/context.ts';
import { isMigrated } from '../../platform/db/migrate.ts';

/** Throws 503 unless the database answers and every migration has run. */
export async function checkHealth(deps: AppDeps): Promise<void> {
  if (!(await isMigrated(deps.db))) {
    throw new AppError(503, 'The service is unavailable.', { description: 'The database is not reachable or not migrated.' });
  }
}
