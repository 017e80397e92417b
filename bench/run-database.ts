import { openDatabase, type DatabaseHandle } from '../server/src/platform/db/db.ts';
import type { Target } from './seed.ts';

/** Opens the run's database (its DATABASE_URL or DATA_DIR) for `work`, and closes it after. */
export async function withDatabase<T>(
  run: Target,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = openDatabase({ databaseUrl: run.databaseUrl, dataDir: run.dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
