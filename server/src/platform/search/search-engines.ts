import type { DialectName } from '../db/dialect.ts';
import type { SearchEngine } from './search-engine.ts';
import { fts5SearchEngine } from './fts5-search.repo.ts';
import { postgresSearchEngine } from './postgres-search.repo.ts';

/** The search engine of a database: FTS5 on SQLite, full-text search on PostgreSQL. */
export function searchEngineFor(dialect: DialectName): SearchEngine {
  return dialect === 'postgres' ? postgresSearchEngine : fts5SearchEngine;
}
