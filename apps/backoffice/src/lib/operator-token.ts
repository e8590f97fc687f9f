import type { TokenSource } from '@wallet/web-kit/api/client';

/**
 * The operator's session token: its own key, never the player's `token`, so a player app open in the same
 * browser can neither send nor drop it. Kept for this tab only: back-office machines are often shared and
 * the server ends idle sessions anyway.
 */
export const OPERATOR_TOKEN_KEY = 'backoffice-token';

export function getOperatorToken(): string | null {
  return sessionStorage.getItem(OPERATOR_TOKEN_KEY);
}

export function setOperatorToken(token: string): void {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, token);
}

export function clearOperatorToken(): void {
  sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
}

export const operatorToken: TokenSource = { get: getOperatorToken, clear: clearOperatorToken };
