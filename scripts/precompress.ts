/**
 * After `vite build`: writes `.br` (quality 11) and `.gz` (level 9) beside every compressible
 * asset of `dist/web/assets`, so the server sends them without compressing at request time
 * (`@fastify/static` `preCompressed`). Run by `npm run build`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '..', 'dist', 'web', 'assets');
const compressible = /\.(js|mjs|css|svg|json|html|txt)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  const file = path.join(assets, name);
  if (!compressible.test(name) || !statSync(file).isFile()) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += brotli.length;
}
process.stdout.write(
  `precompressed ${files} assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)\n`,
);
