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

/**
 * Sent to signed-in operators whose role reads a money-desk queue (never to a player's socket) when
 * the open queue sizes change: MoneyQueueCounts (backoffice/money-desk.ts).
 */
export const MONEY_QUEUES_EVENT = 'backoffice:money-queues';

/** How a back-office socket says its token is an operator's (a player's socket sends no audience). */
export const OPERATOR_SOCKET_AUDIENCE = 'operator';
