import { addPayload, type WalletMoveResponse, walletMoveResponse } from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import type { ManualDeposits } from './manual-deposit.service.ts';

/** POST /api/wallet/add (SPEC §7): the player's notice of a manual deposit. */
export const manualDepositRoutes: FastifyPluginAsyncZod<{ manual: ManualDeposits; idempotency: Idempotency }> = async (
  app,
  { manual, idempotency },
) => {
  app.post(
    '/api/wallet/add',
    { schema: { body: addPayload, response: { 200: walletMoveResponse } } },
    async (request, reply) =>
      idempotency.once(request, reply, async (tx) => {
        const ok = (body: WalletMoveResponse) => ({ status: 200, body });
        return ok(await manual.notify(playerOf(request).id, request.body.amount, tx.answering(ok)));
      }),
  );
};
