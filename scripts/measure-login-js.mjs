// Measures the JavaScript a phone downloads before /login can render: the scripts index.html loads,
// their static imports, and the login route's lazy chunk with its static imports (gzip, as served).
// The Thai locale chunk also loads before the first paint; it is data others grow, so it is reported
// apart. Usage: node scripts/measure-login-js.mjs [distDir]; without a manifest in distDir (the normal
// build writes none, so none is served), it builds the player app with one into a temporary directory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const LOGIN_ROUTE = 'src/app/routes/login-route.tsx';
const LOCALE = 'src/i18n/th.json';

let dist = process.argv[2] ? resolve(process.argv[2]) : undefined;
let temporary = false;
if (!dist || !existsSync(join(dist, '.vite/manifest.json'))) {
  dist = mkdtempSync(join(tmpdir(), 'login-js-'));
  temporary = true;
  const built = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', dist, '--emptyOutDir'], {
    cwd: resolve(import.meta.dirname, '../apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunk and everything it imports statically (Vite modulepreloads these with it). */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
  return into;
}

function missing(key) {
  if (!manifest[key]) throw new Error(`${key} is not in the manifest; has the route moved?`);
  return key;
}

const chunks = closure(missing(LOGIN_ROUTE), closure(missing('index.html')));
let raw = 0;
let gzip = 0;
const zodChunks = [];
const listed = [];
for (const key of chunks) {
  const code = readFileSync(join(dist, manifest[key].file));
  raw += code.length;
  const zipped = gzipSync(code, { level: 9 }).length;
  gzip += zipped;
  listed.push(`  ${manifest[key].file} ${zipped}`);
  // Zod's error class name survives minification.
  if (code.includes('ZodError') || code.includes('$ZodType')) zodChunks.push(manifest[key].file);
}
const locale = manifest[LOCALE] ? gzipSync(readFileSync(join(dist, manifest[LOCALE].file)), { level: 9 }).length : 0;

console.info(`/login initial JS: ${chunks.size} chunks, ${raw} bytes, ${gzip} bytes gzip`);
console.info(listed.join('\n'));
console.info(`Thai locale chunk (loaded before the first paint too): ${locale} bytes gzip`);
console.info(zodChunks.length ? `zod in: ${zodChunks.join(', ')}` : 'zod: not in the /login chunks');
if (temporary) rmSync(dist, { recursive: true, force: true });
