import { z } from 'zod';
import { CHAT_GUEST_ID_PATTERN } from './chat-events.ts';
import { isoDateTime, text } from './common.ts';
import { walletBalance } from './wallet.ts';

export { MONEY_QUEUES_EVENT, OPERATOR_SOCKET_AUDIENCE, SOCKET_PATH, WALLET_CHANGED_EVENT } from './realtime-events.ts';

/**
 * The player's app connects with `auth: { token }` (the same bearer token as the API); the server puts
 * the socket in the player's private room and refuses the handshake with `invalid-token` otherwise.
 * A guest (chat only, issue 17) connects with `auth: { guestId }`: the id is bound to the socket, which
 * may then join that guest's chat room and no other.
 */
export const socketAuth = z.union([
  z.object({
    token: text().min(1).max(200),
    /** The back office's sockets say `operator`: their token is checked as an operator session instead. */
    audience: z.literal('operator').optional(),
  }),
  z.object({ guestId: z.string().regex(CHAT_GUEST_ID_PATTERN) }),
]);
export type SocketAuth = z.infer<typeof socketAuth>;

/**
 * What moved the balance, when the app should say so: a credited deposit, whatever its route (bank feed,
 * QR, slip, gift link, a confirmed notice). `statementId` lets the app say it once per deposit.
 */
export const walletMovement = z.object({
  kind: z.literal('deposit'),
  /** Baht (or the wallet's currency), 2 decimals, positive. */
  amount: z.number(),
  statementId: z.string(),
});
export type WalletMovement = z.infer<typeof walletMovement>;

/** The payload of WALLET_CHANGED_EVENT (realtime-events.ts); `movement` is absent for other changes. */
export const walletChangedEvent = z.object({
  wallet: walletBalance,
  updatedAt: isoDateTime,
  movement: walletMovement.optional(),
});
export type WalletChangedEvent = z.infer<typeof walletChangedEvent>;
