import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { getSetting, putSetting } from './settings.repo.ts';

/**
 * Whether the whole service runs. The command line (`npm run service`) and the back office both
 * switch it here; the gate in modules/service-state/ reads it for every player call.
 */
export type ServiceState = 'active' | 'terminated';
const KEY = 'service_state';

export async function readServiceState(db: Kysely<Database>): Promise<ServiceState> {
  return (await getSetting<ServiceState>(db, KEY)) ?? 'active';
}

export async function writeServiceState(db: Kysely<Database>, state: ServiceState): Promise<void> {
  await putSetting(db, KEY, state);
}
