/**
 * Socket names without Zod: the web app imports these at runtime, and a runtime import of realtime.ts
 * would pull Zod into its chunks. realtime.ts re-exports them.
 */

/** Socket.IO is served on the API's own origin at this path (same as the library default, pinned here). */
export const SOCKET_PATH = '/socket.io';

/**
 * Sent to the player's room after any committed movement of the player's money (wallet or game
 * accounts). Carries the wallet balance so the header updates at once; the app reloads the full
 * wallet for game-account amounts.
 */
export const WALLET_CHANGED_EVENT = 'wallet:changed';
