import { ApiError } from '@wallet/web-kit/api/api-error';
import { NETWORK_ERROR, newIdempotencyKey, TIMEOUT } from '@wallet/web-kit/api/client';
import { useRef } from 'react';

/** True when the request may have reached the server but its answer never came back. */
function unanswered(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT);
}

/**
 * One Idempotency-Key per player action. When the server's answer was lost (offline, timeout), pressing the
 * same button for the same amount again is a retry of that action and reuses its key, so the server replays
 * its first answer instead of moving the money twice. Any answer from the server ends the action.
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
