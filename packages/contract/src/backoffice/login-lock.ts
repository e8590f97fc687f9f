import { z } from 'zod';

/**
 * Failed sign-ins of one account (a player's phone or an operator's username) in the current window,
 * as the back office shows them: how many, from how many addresses, and until when the account is
 * locked to those addresses (null while under the limit). A clean address, one with no recent failure,
 * still signs in with the right password (and code) while the account is locked.
 */
export const loginLockView = z.object({
  failures: z.number().int(),
  addresses: z.number().int(),
  lockedUntil: z.string().nullable(),
});
export type LoginLockView = z.infer<typeof loginLockView>;
