import type { ChatInboxRow } from '@wallet/contract/backoffice/chat';
import type { TFunction } from 'i18next';

/** The player's name, or "Guest" and the start of the guest id. */
export function whoLabel(t: TFunction, row: Pick<ChatInboxRow, 'playerName' | 'username' | 'guestId'>): string {
  if (row.playerName) return row.playerName;
  if (row.username) return row.username;
  return t('chat.guest', { id: (row.guestId ?? '').slice(0, 8) });
}
