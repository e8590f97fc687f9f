import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** The end-to-end tests drive the built app; build it once if `npm test` did not already. */
export default function setup(): void {
  if (existsSync(resolve(ROOT, 'apps/web/dist/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@wallet/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web app failed');
}
