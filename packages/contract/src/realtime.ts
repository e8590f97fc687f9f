import { z } from 'zod';
import { isoDateTime, text } from './common.ts';
import { walletBalance } from './wallet.ts';

/** Socket.IO is served on the API's own origin at this path (same as the library default, pinned here). */
export const SOCKET_PATH = '/socket.io';

/**
 * The player's app connects with `auth: { token }` (the same bearer token as the API); the server puts
 * the socket in the player's private room and refuses the handshake with `invalid-token` otherwise.
 */
export const socketAuth = z.object({ token: text().min(1).max(200) });
export type SocketAuth = z.infer<typeof socketAuth>;

/**
 * Sent to the player's room after any committed movement of the player's money (wallet or game
 * accounts). Carries the wallet balance so the header updates at once; the app reloads the full
 * wallet for game-account amounts.
 */
export const WALLET_CHANGED_EVENT = 'wallet:changed';
export const walletChangedEvent = z.object({ wallet: walletBalance, updatedAt: isoDateTime });
export type WalletChangedEvent = z.infer<typeof walletChangedEvent>;
