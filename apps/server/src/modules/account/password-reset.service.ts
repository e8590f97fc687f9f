import type { ResetPasswordPayload } from '@wallet/contract/account';
import { passwordProblem } from '@wallet/contract/password-rule';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { refused } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/password.ts';
import type { SessionsEnded } from '../../lib/sessions-ended.ts';
import * as repo from './account.repo.ts';

/** What a reset needs of the OTP feature: the phone a verified reset code proved, spent once. */
export interface ResetVerifications {
  consumeResetVerification(trx: Transaction<Database>, otpToken: string): Promise<string>;
}

export interface PasswordResetDeps {
  db: Kysely<Database>;
  clock: Clock;
  resets: ResetVerifications;
  /** Every session of the player ended (committed): their open sockets close. */
  onSessionsEnded?: SessionsEnded;
}

/** Forgot password (issue 18): a phone proved by an SMS code sets a new password and signs every device out. */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, clock } = deps;

  async function resetPassword(input: Required<ResetPasswordPayload>): Promise<{ message: 'SUCCESS' }> {
    // Hashed before the transaction: scrypt is slow and must not hold a database lock.
    const passwordHash = await hashPassword(input.newPassword);
    const now = clock.now();
    const userId = await db.transaction().execute(async (trx) => {
      const phone = await deps.resets.consumeResetVerification(trx, input.otpToken);
      // Refusing here rolls the code's consumption back, so the player can try another password.
      if (passwordProblem(input.newPassword, phone)) throw refused('WEAK_PASSWORD', 'newPassword');
      const user = await repo.findUserByUsername(trx, phone);
      if (!user) throw refused('NO_USER', 'otpToken');
      await repo.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
      await repo.revokeAllSessions(trx, user.id, now);
      return user.id;
    });
    deps.onSessionsEnded?.(userId, {});
    return { message: 'SUCCESS' };
  }

  return { resetPassword };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
