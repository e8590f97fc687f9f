import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
      // The app imports the contract's constants instead of keeping copies of them; inlining every imported
      // constant (not only in conditions, the default) keeps those imports as small as the copies were.
      optimization: { inlineConst: true },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // The web kit's tests run here: its components read the texts this app's setup loads.
    include: ['src/**/*.test.{ts,tsx}', '../../packages/web-kit/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
