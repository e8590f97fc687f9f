import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readServiceState, type ServiceState } from '../../db/service-state.ts';
import type { Clock } from '../../lib/clock.ts';
import { gone } from '../../lib/domain-error.ts';

export { readServiceState, type ServiceState, writeServiceState } from '../../db/service-state.ts';

/**
 * Other instances, the CLI and the back office change the state in the database; each instance
 * re-reads it this often.
 */
const CACHE_MS = 1000;

const OPEN_WHILE_TERMINATED = new Set(['/api/lookup/contact']);

/**
 * When the operator terminates the service, every API call answers 410 {message:"gone"} (the web app
 * then shows /terminated). Back-office calls stay open so the operator can switch it back, and so do
 * the banks' and gateways' webhooks: money that has already arrived must still reach the books (a
 * bank that got 410 would have to keep retrying, and some never do). The contact lookup stays open
 * too: the closed page tells players whom to contact to withdraw what is left in their wallet.
 */
export function registerServiceStateGate(app: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
  let cached: { state: ServiceState; at: number } | undefined;
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || path.startsWith('/api/backoffice/') || path.startsWith('/api/webhooks/')) return;
    if (OPEN_WHILE_TERMINATED.has(path)) return;
    const now = clock.now();
    if (!cached || now - cached.at > CACHE_MS || now < cached.at) {
      cached = { state: await readServiceState(db), at: now };
    }
    if (cached.state === 'terminated') throw gone();
  });
}
