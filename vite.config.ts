import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const distRoot = fileURLToPath(new URL('./dist', import.meta.url));
const apiTarget = process.env.HEARTH_API_URL ?? 'http://127.0.0.1:3000';

// The SSR entry and output are fixed here; `--ssr <path>` and `--outDir` given on the command line
// would be resolved against `web/` (the root), so the SSR build always uses these.
function fixedSsrOutput(): Plugin {
  return {
    name: 'hearth-fixed-ssr-output',
    config(config) {
      if (config.build?.ssr === undefined || config.build.ssr === false) return undefined;
      return {
        build: {
          ssr: true,
          outDir: `${distRoot}/server-entry`,
          rollupOptions: { input: `${webRoot}/src/entry-server.tsx` },
        },
      };
    },
  };
}

// Client build: `vite build` → dist/web (index.html template, hashed assets, manifest).
// SSR build: `vite build --ssr src/entry-server.tsx` → dist/server-entry/entry-server.js.
export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  base: '/',
  plugins: [react(), fixedSsrOutput()],
  css: {
    modules: {
      localsConvention: 'camelCaseOnly',
      generateScopedName: '[name]_[local]_[hash:base64:5]',
    },
  },
  server: {
    // `vite` alone serves the client-rendered app and forwards API and entry calls to the server.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        outDir: `${distRoot}/server-entry`,
        emptyOutDir: true,
        ssr: true,
        rollupOptions: { input: `${webRoot}/src/entry-server.tsx` },
      }
    : {
        outDir: `${distRoot}/web`,
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        assetsDir: 'assets',
      },
}));
