import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { TestApp } from './harness.ts';

/** Marks around the bootstrap the fake render writes into the page. */
export const BOOTSTRAP_START = '<!--bootstrap-->';
export const BOOTSTRAP_END = '<!--/bootstrap-->';

/**
 * A web build (`dist/`) whose server render writes the bootstrap it is given, so a page test can
 * read it back; the page's status is the layout error's, else 200. Remove the folder after use.
 */
export function fakeWebBuild(): string {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-pages-'));
  fs.mkdirSync(path.join(distDir, 'web', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(distDir, 'server-entry'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, 'web', 'index.html'),
    '<!doctype html>\n<html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>\n',
  );
  fs.writeFileSync(
    path.join(distDir, 'server-entry', 'entry-server.js'),
    `export async function render(url, bootstrap) {
  const status = bootstrap.layout?.error?.status ?? 200;
  return {
    htmlChunks: [Buffer.from(${JSON.stringify(BOOTSTRAP_START)}), Buffer.from(JSON.stringify(bootstrap)), Buffer.from(${JSON.stringify(BOOTSTRAP_END)})],
    headParts: ['<title>', 'Page’s title', '</title>'],
    status,
  };
}
`,
  );
  return distDir;
}

/** A second app on a test app's database that serves pages from a fake web build. */
export interface PagesApp {
  app: FastifyInstance;
  distDir: string;
  /** Closes the app and removes the fake build. */
  close(): Promise<void>;
}

export async function createPagesApp(t: TestApp): Promise<PagesApp> {
  const distDir = fakeWebBuild();
  const app = await buildApp({ config: t.config, database: t.database.handle, logger: false, distDir });
  await app.ready();
  return {
    app,
    distDir,
    async close() {
      await app.close();
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
}
