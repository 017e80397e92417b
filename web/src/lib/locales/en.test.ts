import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';

const sourceRoot = path.resolve(import.meta.dirname, '..', '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

describe('the en pack', () => {
  it("lists every literal t('…') key of the web app", () => {
    const missing: string[] = [];
    const pattern = /\bt\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g;
    for (const file of sourceFiles(sourceRoot)) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        const key = (match[1] ?? match[2] ?? '').replace(/\\'/g, "'");
        if (!(key in en)) missing.push(`${path.relative(sourceRoot, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('maps English to itself', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(value).toBe(key);
    }
  });
});
