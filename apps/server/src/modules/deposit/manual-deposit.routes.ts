import { MANUAL_DEPOSIT_STATUSES, manualDepositConfirmRequest, manualDepositView } from '@wallet/contract/bank-feed';
import { text } from '@wallet/contract/common';
import { fromMinor } from '@wallet/contract/money';
import { addPayload, type WalletMoveResponse, walletMoveResponse } from '@wallet/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency } from '../../http/idempotency.ts';
import { SANDBOX_OPERATOR } from '../feature.ts';
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

const idParams = z.object({ id: text().min(1).max(64) });

/**
 * The operator's decisions on manual deposits, as sandbox doors until the back office has its
 * buttons. Registered only while sandbox providers are on.
 */
export const manualDepositSandboxRoutes: FastifyPluginAsyncZod<{ manual: ManualDeposits }> = async (
  app,
  { manual },
) => {
  app.get(
    '/sandbox/manual-deposits',
    {
      schema: {
        querystring: z.object({
          status: z.enum(MANUAL_DEPOSIT_STATUSES).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ deposits: z.array(manualDepositView) }) },
      },
    },
    async (request) => ({ deposits: await manual.list(request.query) }),
  );
  app.post(
    '/sandbox/manual-deposits/:id/confirm',
    {
      schema: {
        params: idParams,
        // Fastify hands a missing body over as null: a confirmation needs no body at all.
        body: manualDepositConfirmRequest.nullish(),
        response: {
          200: z.object({ id: z.string(), status: z.literal('CONFIRMED'), wallet: walletMoveResponse.shape.wallet }),
        },
      },
    },
    async (request) => {
      const confirmed = await manual.confirm(request.params.id, {
        operator: SANDBOX_OPERATOR,
        bankReference: request.body?.bankReference,
      });
      return { id: request.params.id, status: confirmed.status, wallet: { amount: fromMinor(confirmed.walletMinor) } };
    },
  );
  app.post(
    '/sandbox/manual-deposits/:id/reject',
    {
      schema: { params: idParams, response: { 200: z.object({ id: z.string(), status: z.literal('REJECTED') }) } },
    },
    async (request) => ({
      id: request.params.id,
      ...(await manual.reject(request.params.id, { operator: SANDBOX_OPERATOR })),
    }),
  );
};
