/// <reference types="vitest/config" />
// Two builds from one config (docs/contracts.md):
// - client (`vite build`): one hydration entry per page kind, hashed names under
//   /assets/, and build/client/.vite/manifest.json for the generator's document shell;
// - server (`vite build --ssr`): build/server/render.js (the SSR bundle) and
//   build/server/worker.js (the NDJSON worker the generator's pool spawns).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { basemapFromEnv } from './src/lib/map/map-config';
import { basemapPlugin } from './src/lib/map/basemap.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every `src/entries/<kind>.tsx`, keyed by kind. */
function hydrationEntries(): Record<string, string> {
  const dir = `${root}src/entries`;
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => [file.slice(0, -'.tsx'.length), `src/entries/${file}`]),
  );
}

/** The hydration entries and `boot` (src/boot.ts), which every page loads first and
 *  which loads the page's entry: the shell names the entry on boot's element. */
function clientInputs(): Record<string, string> {
  return { ...hydrationEntries(), boot: 'src/boot.ts' };
}

export default defineConfig(({ isSsrBuild, mode }) => {
  // A bad map tile setting stops the build with its reason (map-config.ts).
  basemapFromEnv(loadEnv(mode, root, 'VITE_MAP_'));
  return {
    root,
    // The offline basemap goes with the client assets only: the server bundle draws no map.
    plugins: isSsrBuild ? [react()] : [react(), basemapPlugin()],
    build: isSsrBuild
      ? {
          outDir: 'build/server',
          emptyOutDir: true,
          ssr: true,
          target: 'node20',
          rolldownOptions: {
            input: { render: 'src/server/render.tsx', worker: 'src/server/worker.ts' },
            output: {
              format: 'es' as const,
              entryFileNames: '[name].js',
              chunkFileNames: 'chunks/[name]-[hash].js',
            },
          },
        }
      : {
          outDir: 'build/client',
          emptyOutDir: true,
          manifest: true,
          assetsDir: 'assets',
          // Every supported browser has native modulepreload; no polyfill in the entries.
          modulePreload: { polyfill: false },
          rolldownOptions: { input: clientInputs() },
        },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      css: false,
      // One jsdom for all the files a worker runs (a fresh one per file was most of the
      // suite's time); the setup file gives each file fresh modules and an empty document.
      isolate: false,
      setupFiles: ['src/test-setup.ts'],
    },
  };
});
