/**
 * Wallet codes without Zod: the web app imports these at runtime, and a runtime import of wallet.ts
 * would pull Zod into its chunks. wallet.ts re-exports them.
 */

/** The main wallet's code in transfers; upper case so it can never collide with a slot code. */
export const WALLET_CODE = 'WALLET';

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/**
 * The other side of a manual adjustment in the statement: a correction made by the operator's staff
 * (a credit comes from it, a debit goes to it). Upper case like WALLET, never a slot or bank code.
 */
export const ADJUSTMENT_CODE = 'ADJUSTMENT';
