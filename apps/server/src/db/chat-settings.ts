import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { getSetting } from './settings.repo.ts';

/** The setting the demo seed turns on (issue 17); ENABLE_CHAT_WIDGET=true turns chat on regardless. */
export const CHAT_WIDGET_SETTING = 'chat_widget_enabled';

export async function chatWidgetEnabled(db: Kysely<Database>, fromEnvironment: boolean): Promise<boolean> {
  if (fromEnvironment) return true;
  return (await getSetting<boolean>(db, CHAT_WIDGET_SETTING)) === true;
}
