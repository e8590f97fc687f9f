// Bundles server entry points with esbuild: `npm run build` (build.mjs) for dist/, and the tests that start
// the server as a process of its own (test/server-process.ts), which load one file instead of hundreds
// through tsx's hooks. The workspace contract (TypeScript source) is bundled in; every npm dependency stays
// external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@wallet/'));
const serverDir = dirname(new URL(import.meta.url).pathname);

/**
 * Bundles `entries` ({ outName: path relative to apps/server, or absolute }) into `outdir`.
 *
 * The SQLite checkpointer (src/db/sqlite/checkpointer.ts) and the image decoder
 * (src/lib/image-decoder/image-decoder.ts) start worker threads from files beside the code that runs
 * them: every bundle gets its own copy of each beside it.
 */
export async function bundleServer(entries, outdir, { logLevel = 'info' } = {}) {
  const workers = {};
  for (const out of Object.keys(entries)) {
    workers[join(dirname(out), 'checkpoint-worker')] = 'src/db/sqlite/checkpoint-worker.js';
    workers[join(dirname(out), 'image-decode-worker')] = 'src/lib/image-decoder/decode-worker.ts';
  }
  await build({
    absWorkingDir: serverDir,
    entryPoints: { ...entries, ...workers },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    // Bundled ESM still needs require() for the few CommonJS paths some dependencies take.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel,
  });
}
