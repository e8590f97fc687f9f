import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// A relative path: Vite's config loader leaves workspace packages to Node, which cannot load TypeScript.
import { precompress } from '../../packages/web-kit/build/precompress.ts';

const backend = 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server serves this app under /backoffice, beside the player app at /.
  base: '/backoffice/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': backend,
      '/media': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inlined assets would need data: in more CSP directives; files keep the policy strict and cacheable.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  test: {
    name: 'backoffice',
    environment: 'happy-dom',
    // A screen's first render imports its lazy chunks through Vite's transform: seconds when the CI machine
    // is busy, so Vitest's 5 s per test was a coin toss there. Waits are on conditions, never on this.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
