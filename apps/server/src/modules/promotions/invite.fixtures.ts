import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { putSetting } from '../../db/settings.repo.ts';
import { INVITE_SETTINGS_KEY, type InviteSettings } from './invite-refund.service.ts';

/** Tests' invite programme: 10 % of every friend's deposit, claimed as a bonus of 200 % / 15 %, no banners. */
export const INVITES_AT_10_PERCENT = {
  enabled: true,
  percent: 10,
  percentSuccess: 200,
  percentFail: 15,
  banners: {},
} satisfies InviteSettings;

export function switchInvitesOn(db: Kysely<Database>): Promise<void> {
  return putSetting(db, INVITE_SETTINGS_KEY, INVITES_AT_10_PERCENT);
}
