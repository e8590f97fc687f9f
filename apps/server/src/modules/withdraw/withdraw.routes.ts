import { text } from '@wallet/contract/common';
import {
  type WalletMoveResponse,
  walletMoveResponse,
  withdrawAllPayload,
  withdrawPayload,
} from '@wallet/contract/wallet';
import {
  PAYOUT_OUTCOMES,
  payoutSettlementResponse,
  sandboxPayoutFaults,
  WITHDRAWAL_STATUSES,
  withdrawalView,
} from '@wallet/contract/withdraw';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playerOf } from '../../http/auth.ts';
import { type Idempotency, RUN_AGAIN } from '../../http/idempotency.ts';
import { SANDBOX_PAYOUT_FAILURE, type SandboxPayouts } from '../../providers/payments/payout-sandbox.ts';
import type { Withdrawals } from './withdraw.service.ts';

const ok = (body: WalletMoveResponse) => ({ status: 200, body });

/**
 * POST /api/wallet/withdraw and /withdrawAll (SPEC §7), each run once per Idempotency-Key. The key is
 * claimed, and its answer stored, in the transaction that holds the money: a process that dies before
 * that commit leaves no trace, so the player's retry simply runs, and one that dies after it leaves the
 * answer for the retry to replay. A claim left open anyway (by a server that claimed keys up front) moved
 * nothing: a retry once it is abandoned runs the withdrawal (RUN_AGAIN).
 */
export const withdrawRoutes: FastifyPluginAsyncZod<{ withdrawals: Withdrawals; idempotency: Idempotency }> = async (
  app,
  { withdrawals, idempotency },
) => {
  app.post(
    '/api/wallet/withdraw',
    { schema: { body: withdrawPayload, response: { 200: walletMoveResponse } } },
    async (request, reply) =>
      idempotency.onceClaimingInWork(
        request,
        reply,
        async (tx) =>
          ok(await withdrawals.withdraw(playerOf(request).id, request.body.amount, 'amount', tx.answering(ok))),
        RUN_AGAIN,
      ),
  );
  app.post(
    '/api/wallet/withdrawAll',
    { schema: { body: withdrawAllPayload, response: { 200: walletMoveResponse } } },
    async (request, reply) =>
      idempotency.onceClaimingInWork(
        request,
        reply,
        async (tx) =>
          ok(await withdrawals.withdraw(playerOf(request).id, request.body.amount, 'all', tx.answering(ok))),
        RUN_AGAIN,
      ),
  );
};

/**
 * The sandbox bank's payout desk, for tests and people: choose how payouts end, settle a held one by
 * hand, list withdrawals. Registered only while sandbox providers are on.
 */
export const sandboxPayoutRoutes: FastifyPluginAsyncZod<{ withdrawals: Withdrawals; payouts: SandboxPayouts }> = async (
  app,
  { withdrawals, payouts },
) => {
  app.get('/sandbox/payouts/faults', { schema: { response: { 200: sandboxPayoutFaults } } }, async () => ({
    mode: payouts.mode(),
  }));
  app.post(
    '/sandbox/payouts/faults',
    { schema: { body: sandboxPayoutFaults, response: { 200: sandboxPayoutFaults } } },
    async (request) => {
      payouts.setMode(request.body.mode);
      return { mode: payouts.mode() };
    },
  );
  app.post(
    '/sandbox/payouts/:id/:outcome',
    {
      schema: {
        params: z.object({ id: text().min(1).max(64), outcome: z.enum(PAYOUT_OUTCOMES) }),
        response: { 200: payoutSettlementResponse },
      },
    },
    async (request) => {
      const { id, outcome } = request.params;
      payouts.release(id);
      return withdrawals.settle(
        outcome === 'paid' ? { payoutId: id, outcome } : { payoutId: id, outcome, reason: SANDBOX_PAYOUT_FAILURE },
      );
    },
  );
  app.get(
    '/sandbox/payouts',
    {
      schema: {
        querystring: z.object({
          status: z.enum(WITHDRAWAL_STATUSES).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ withdrawals: z.array(withdrawalView) }) },
      },
    },
    async (request) => ({ withdrawals: await withdrawals.list(request.query) }),
  );
};
