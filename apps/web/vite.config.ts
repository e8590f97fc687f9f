import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// A relative path: Vite's config loader leaves workspace packages to Node, which cannot load TypeScript.
import { precompress } from '../../packages/web-kit/build/precompress.ts';
import { compileHints } from './build-plugins/compile-hints.ts';
import { inlineSplash } from './build-plugins/inline-splash.ts';
import { routePreload } from './build-plugins/route-preload.ts';
import { serviceWorker } from './build-plugins/service-worker.ts';

const backend = 'http://localhost:8080';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The shipped app renders with Preact's React-compatible layer: react-dom alone is about 60 KB gzip, more than
 * half of what a phone may download before /login can be used (issue 18), and the app uses only the hooks,
 * lazy/Suspense and context that preact/compat implements. Development and the component tests keep React
 * (its warnings and Testing Library); the end-to-end tests run the shipped build.
 */
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command, mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), inlineSplash(), routePreload(), serviceWorker(), compileHints(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: src }, ...(command === 'build' && mode !== 'test' ? preact : [])],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': backend,
      '/media': backend,
      '/sandbox': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inlined assets would need data: in more CSP directives; files keep the policy strict and cacheable.
    assetsInlineLimit: 0,
    target: 'es2022',
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router asks for React 19's useOptimistic and falls back when it is missing, as under preact/compat.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      // The app imports the contract's constants instead of keeping copies of them; inlining every imported
      // constant (not only in conditions, the default) keeps those imports as small as the copies were.
      optimization: { inlineConst: true },
      output: {
        // Everything every page runs (the entry's static imports) in one file, not nine small ones: over
        // HTTP/1.1 a browser opens six connections to the server, and on a slow network each further
        // request waits a round trip for one of them (/login: 16 scripts became 9, 3.4 KB less gzip;
        // Lighthouse's first paint 2.0 -> 1.8 s). Screens loaded on demand keep their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // A screen's first render imports its lazy chunks through Vite's transform: seconds when the CI machine
    // is busy, so Vitest's 5 s per test was a coin toss there. Waits are on conditions, never on this.
    testTimeout: 30_000,
    // The web kit's tests run here: its components read the texts this app's setup loads.
    include: [
      'src/**/*.test.{ts,tsx}',
      'build-plugins/**/*.test.ts',
      '../../packages/web-kit/src/**/*.test.{ts,tsx}',
      '../../packages/web-kit/build/**/*.test.ts',
    ],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
}));
