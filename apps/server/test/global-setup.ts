import { mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVER_BUNDLES_ENV } from './server-bundle.ts';

/**
 * One folder per run for the server bundles the process tests start (server-bundle.ts makes each the
 * first time a file asks for it); the test workers start after this and inherit the variable. It sits
 * in apps/server, as dist/ does: the server finds its assets one level above its bundle, and the bundle
 * finds the dependencies it leaves external in node_modules.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(resolve(import.meta.dirname, '../.test-bundles-'));
  process.env[SERVER_BUNDLES_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
