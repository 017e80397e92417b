/**
 * `node bench/compare.ts <base.json> <other.json> [--limit 1.5]`: for each read endpoint of two
 * result files (bench/results), the req/s and p99 of both and the slowdown of `other` against
 * `base` (the larger of the req/s ratio and the p99 ratio), against `--limit`. Use it for "each
 * read at L no more than 1.5× slower than at S" (S file, then L, limit 1.5) and "PostgreSQL within
 * 2× of SQLite" (SQLite file, then PostgreSQL, limit 2).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface Endpoint {
  key: string;
  label: string;
  requestsPerSecond: number;
  p99: number;
}
interface Result {
  scale: string;
  db: string;
  endpoints: Endpoint[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string', default: '1.5' } } });
if (positionals.length !== 2) throw new Error('usage: node bench/compare.ts <base.json> <other.json> [--limit 1.5]');
const [base, other] = positionals.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Result) as [Result, Result];
const limit = Number(values.limit);

const rows: string[][] = [];
let worst = 0;
for (const endpoint of base.endpoints) {
  if (endpoint.key === 'createComment') continue;
  const match = other.endpoints.find((candidate) => candidate.key === endpoint.key);
  if (!match) continue;
  const slowdown = Math.max(endpoint.requestsPerSecond / match.requestsPerSecond, match.p99 / Math.max(endpoint.p99, 0.1));
  worst = Math.max(worst, slowdown);
  rows.push([
    endpoint.label,
    `${endpoint.requestsPerSecond} / ${endpoint.p99}`,
    `${match.requestsPerSecond} / ${match.p99}`,
    `${slowdown.toFixed(2)}×`,
    slowdown <= limit ? 'yes' : 'NO',
  ]);
}
const head = ['endpoint', `${base.db} ${base.scale} req/s / p99 ms`, `${other.db} ${other.scale} req/s / p99 ms`, 'slowdown', `≤ ${String(limit)}×`];
const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
process.stdout.write(`${[line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')}\n`);
process.stdout.write(`worst slowdown ${worst.toFixed(2)}× (limit ${String(limit)}×)\n`);
