import type { ClientMessage, DesignedCode } from '@wallet/contract/errors';

/**
 * The codes designed for money in and out (DEPOSIT_PENDING, WITHDRAW_MIN…) travel exactly like
 * catalogue codes, and the web app translates them, but the contract's ClientMessage type lists only
 * SPEC's catalogue. This is the one typed door between the two.
 */
export function designedCode(code: DesignedCode): ClientMessage {
  return code as ClientMessage;
}
