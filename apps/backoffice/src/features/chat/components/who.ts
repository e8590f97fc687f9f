import type { ChatInboxRow } from '@wallet/contract/backoffice/chat';
import type { TFunction } from 'i18next';

/**
 * How agents tell guests apart: the end of the conversation's id (its random part). Agents never see
 * the guest's own id, which is the guest's credential.
 */
export function guestTag(conversationId: string): string {
  return conversationId.slice(-6);
}

/** The player's name, or "Guest" and the conversation's tag. */
export function whoLabel(t: TFunction, row: Pick<ChatInboxRow, 'id' | 'playerName' | 'username'>): string {
  if (row.playerName) return row.playerName;
  if (row.username) return row.username;
  return t('chat.guest', { id: guestTag(row.id) });
}
