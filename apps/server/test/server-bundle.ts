import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
// @ts-expect-error: a plain ES module shared with `npm run build`, without type declarations.
import { bundleServer } from '../bundle.mjs';

/** Set by the server project's global setup: the run's folder of bundles, shared by its test files. */
export const SERVER_BUNDLES_ENV = 'SERVER_TEST_BUNDLES';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The command-line arguments that run `entry` (a path from the repository's root) in a process of its
 * own: a bundle of it (esbuild, once per run, shared by every file that asks), which loads one file where
 * tsx's hooks load hundreds (seconds of CPU per start, and the crash tests start a server per case).
 * Without the global setup (a script that imports this alone) it runs from the sources through tsx.
 */
export async function serverEntryArgs(entry: string): Promise<string[]> {
  const dir = process.env[SERVER_BUNDLES_ENV];
  if (!dir) return ['--import', 'tsx', entry];
  const name = basename(entry).replace(/\.ts$/, '');
  const bundle = join(dir, `${name}.js`);
  if (!existsSync(bundle)) {
    // Two files may ask at once: each bundles apart, then moves its files in, the entry last, so the
    // entry's presence means a whole bundle (the same bytes whichever file wrote it).
    const building = mkdtempSync(join(dir, `.${name}-`));
    await bundleServer({ [name]: resolve(ROOT, entry) }, building, { logLevel: 'warning' });
    const files = readdirSync(building).sort((a, b) => Number(a === `${name}.js`) - Number(b === `${name}.js`));
    for (const file of files) renameSync(join(building, file), join(dir, file));
    rmSync(building, { recursive: true, force: true });
  }
  return ['--enable-source-maps', bundle];
}
