import { ApiError } from '@wallet/web-kit/api/api-error';
import { NETWORK_ERROR, newIdempotencyKey, TIMEOUT } from '@wallet/web-kit/api/client';
import { useRef } from 'react';

/**
 * A proxy's or load balancer's own answer in front of our server (502, 503, 504 without a code of ours):
 * the server behind it died or never answered, so it may have moved the money all the same.
 */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** True when the request may have reached the server but its answer never came back. */
function unanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === NETWORK_ERROR || error.code === TIMEOUT) return true;
  return GATEWAY_STATUSES.has(error.status) && error.code === 'INTERNAL_SERVER_ERROR';
}

/**
 * One Idempotency-Key per player action. When the server's answer was lost (offline, timeout), pressing the
 * same button for the same amount again is a retry of that action and reuses its key, so the server replays
 * its first answer instead of moving the money twice. Any answer from the server itself ends the action.
 */
export function useActionKey() {
  const pending = useRef<{ action: string; key: string } | null>(null);
  return {
    keyFor(action: string): string {
      if (pending.current?.action !== action) pending.current = { action, key: newIdempotencyKey() };
      return pending.current.key;
    },
    settle(error?: unknown): void {
      if (!unanswered(error)) pending.current = null;
    },
  };
}
