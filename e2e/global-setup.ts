import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVER_BUNDLE_ENV } from './support/server.ts';

const ROOT = resolve(import.meta.dirname, '..');

function build(workspace: string): void {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building ${workspace} failed`);
}

/**
 * The end-to-end tests drive the built apps; build each once if `npm test` did not already. The server is
 * bundled every run (esbuild: a second or two, so never a stale bundle) and every file's server starts from
 * that bundle, as `npm start` runs it.
 */
export default function setup(): void {
  for (const [workspace, dir] of [
    ['@wallet/web', 'apps/web'],
    ['@wallet/backoffice', 'apps/backoffice'],
  ] as const) {
    if (!existsSync(resolve(ROOT, dir, 'dist/index.html'))) build(workspace);
  }
  build('@wallet/server');
  // The test workers start after this and inherit it (e2e/support/server.ts).
  process.env[SERVER_BUNDLE_ENV] = '1';
}
