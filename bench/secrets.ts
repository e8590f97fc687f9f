import { randomBytes } from 'node:crypto';
import { PRODUCTION_SECRET_VARIABLES } from '../apps/server/src/config.ts';

/** The secrets a production start requires, fresh for one bench run (the benches run as production). */
export function benchSecrets(): Record<string, string> {
  return Object.fromEntries(PRODUCTION_SECRET_VARIABLES.map((name) => [name, randomBytes(32).toString('base64url')]));
}
