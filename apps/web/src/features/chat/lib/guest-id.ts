import { STORAGE_KEYS } from '@wallet/contract/constants';

/** The server accepts 8 to 64 letters, digits, '-' and '_' (CHAT_GUEST_ID_PATTERN in the contract). */
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The visitor's chat identity (SPEC §3 client storage `guest-id`), made once and kept on this device. */
export function storedGuestId(): string | null {
  const stored = localStorage.getItem(STORAGE_KEYS.guestId);
  return stored && VALID.test(stored) ? stored : null;
}

export function guestId(): string {
  const stored = storedGuestId();
  if (stored) return stored;
  const made = newId();
  localStorage.setItem(STORAGE_KEYS.guestId, made);
  return made;
}
