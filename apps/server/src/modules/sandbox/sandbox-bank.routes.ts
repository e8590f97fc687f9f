import { apiAmount, fromMinor, toMinor } from '@wallet/contract/money';
import { walletMoveResponse } from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { SYSTEM_KINDS } from '../../ledger/ledger.ts';
import type { DepositService } from '../deposit/deposit.service.ts';

/**
 * A sandbox bank: credits a player's wallet as if a bank transfer from their registered account had
 * just been confirmed, so the wallet can be tried end to end before the bank feed is connected.
 * Registered only while sandbox providers are on.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; deposits: DepositService }> = async (
  app,
  { db, deposits },
) => {
  app.post(
    '/sandbox/bank/credit',
    {
      schema: {
        body: z.object({ username: z.string().min(1).max(30), amount: apiAmount }),
        response: { 200: walletMoveResponse },
      },
    },
    async (request) => {
      const amount = toMinor(request.body.amount);
      if (amount <= 0) throw badRequest('KEY_INVALID', 'amount');
      const user = await db
        .selectFrom('users')
        .select(['id', 'bank_code'])
        .where('username', '=', request.body.username)
        .executeTakeFirst();
      if (!user) throw badRequest('NO_USER', 'username');
      const outcome = await deposits.credit({
        userId: user.id,
        amount,
        fromCode: user.bank_code,
        source: { kind: SYSTEM_KINDS.bankClearing, providerCode: '' },
      });
      if (!outcome.credited) throw badRequest('KEY_INVALID', 'amount');
      return { message: 'SUCCESS', wallet: { amount: fromMinor(outcome.walletMinor) } };
    },
  );
};
