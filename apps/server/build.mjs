// Bundles the server into dist/ with esbuild. The workspace contract (TypeScript source) is bundled
// in; every npm dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@wallet/'));

const bundles = { main: 'src/main.ts', 'cli/service': 'src/cli/service.ts' };
// The SQLite checkpointer starts its worker thread from the file beside the code that runs it
// (src/db/sqlite/checkpointer.ts): every bundle gets its own copy beside it.
const checkpointWorkers = Object.fromEntries(
  Object.keys(bundles).map((out) => [join(dirname(out), 'checkpoint-worker'), 'src/db/sqlite/checkpoint-worker.js']),
);

// Likewise the image decoder's worker threads (src/lib/image-decoder/image-decoder.ts): from the sources
// they run decode-worker.ts through tsx, from a bundle this compiled copy beside it.
const imageDecodeWorkers = Object.fromEntries(
  Object.keys(bundles).map((out) => [
    join(dirname(out), 'image-decode-worker'),
    'src/lib/image-decoder/decode-worker.ts',
  ]),
);

await build({
  entryPoints: { ...bundles, ...checkpointWorkers, ...imageDecodeWorkers },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Bundled ESM still needs require() for the few CommonJS paths some dependencies take.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'info',
});
