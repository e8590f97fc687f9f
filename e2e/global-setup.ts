import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** The end-to-end tests drive the built apps; build each once if `npm test` did not already. */
export default function setup(): void {
  for (const [workspace, dir] of [
    ['@wallet/web', 'apps/web'],
    ['@wallet/backoffice', 'apps/backoffice'],
  ] as const) {
    if (existsSync(resolve(ROOT, dir, 'dist/index.html'))) continue;
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  }
}
