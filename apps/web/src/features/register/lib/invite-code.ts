import { STORAGE_KEYS } from '@wallet/contract/constants';

/** An invite link's ?code= is kept, so the inviter still gets credit if the visitor registers later. */
export function rememberInviteCode(fromUrl: string | null): string {
  const code = fromUrl?.trim();
  if (code) {
    localStorage.setItem(STORAGE_KEYS.inviteCode, code);
    return code;
  }
  return localStorage.getItem(STORAGE_KEYS.inviteCode) ?? '';
}
