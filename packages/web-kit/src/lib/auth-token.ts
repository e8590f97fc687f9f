import { STORAGE_KEYS } from '@wallet/contract/constants';

/** Remembered logins live in localStorage, the others only for this browser session (SPEC §4 Login). */
export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) ?? sessionStorage.getItem(STORAGE_KEYS.token);
}

export function setToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  sessionStorage.removeItem(STORAGE_KEYS.token);
}
