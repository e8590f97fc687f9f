import {
  type MoneyQueue,
  manualConfirmPayload,
  moneyClaimResponse,
  moneyDecisionResponse,
  moneyItemParams,
  moneyNotePayload,
  moneyPlayerList,
  moneyPlayerQuery,
  moneyQueueCounts,
  moneyQueuePage,
  moneyQueueQuery,
  moneyReasonPayload,
  moneySlipDetail,
  slipApprovePayload,
  slipRejectPayload,
  transferCreditPayload,
} from '@wallet/contract/backoffice/money-desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from '../../http/list-routes.ts';
import { operatorOf } from '../../http/operator-auth.ts';
import { MONEY_QUEUE_CSV } from './money-desk.csv.ts';
import type { DeskActor, MoneyDesk } from './money-desk.service.ts';

const BASE = '/api/backoffice/money';

function actorOf(request: Parameters<typeof operatorOf>[0]): DeskActor {
  const operator = operatorOf(request);
  return {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    ip: request.ip,
    requestId: request.id,
  };
}

/**
 * The money desk's HTTP side. Each route's permission is declared in the contract
 * (BACKOFFICE_ROUTES) and checked once for the operator audience, never here.
 */
export const moneyDeskRoutes: FastifyPluginAsyncZod<{ desk: MoneyDesk }> = async (app, { desk }) => {
  app.get(`${BASE}/counts`, { schema: { response: { 200: moneyQueueCounts } } }, async () => desk.counts());
  app.get(
    `${BASE}/players`,
    { schema: { querystring: moneyPlayerQuery, response: { 200: moneyPlayerList } } },
    async (request) => desk.players(request.query.q),
  );

  const queues: MoneyQueue[] = ['transfers', 'manual-deposits', 'slips', 'withdrawals'];
  for (const queue of queues) {
    listRoutes(app, {
      path: `${BASE}/${queue}`,
      querystring: moneyQueueQuery,
      response: moneyQueuePage,
      csv: { name: queue, columns: MONEY_QUEUE_CSV },
      load: (query, _params, request) => desk.list(queue, query, operatorOf(request).id),
    });
    app.post(
      `${BASE}/${queue}/:id/claim`,
      { schema: { params: moneyItemParams, response: { 200: moneyClaimResponse } } },
      async (request) => desk.claim(actorOf(request), queue, request.params.id),
    );
    app.post(
      `${BASE}/${queue}/:id/release`,
      { schema: { params: moneyItemParams, response: { 200: moneyClaimResponse } } },
      async (request) => desk.release(actorOf(request), queue, request.params.id),
    );
  }

  const decided = { 200: moneyDecisionResponse };
  app.post(
    `${BASE}/transfers/:id/credit`,
    { schema: { params: moneyItemParams, body: transferCreditPayload, response: decided } },
    async (request) => desk.creditTransfer(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${BASE}/transfers/:id/return`,
    { schema: { params: moneyItemParams, body: moneyReasonPayload, response: decided } },
    async (request) => desk.returnTransfer(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    `${BASE}/manual-deposits/:id/confirm`,
    { schema: { params: moneyItemParams, body: manualConfirmPayload, response: decided } },
    async (request) => desk.confirmManual(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${BASE}/manual-deposits/:id/reject`,
    { schema: { params: moneyItemParams, body: moneyReasonPayload, response: decided } },
    async (request) => desk.rejectManual(actorOf(request), request.params.id, request.body.reason),
  );
  app.get(
    `${BASE}/slips/:id`,
    { schema: { params: moneyItemParams, response: { 200: moneySlipDetail } } },
    async (request) => desk.slipDetail(request.params.id, operatorOf(request).id),
  );
  app.post(
    `${BASE}/slips/:id/approve`,
    { schema: { params: moneyItemParams, body: slipApprovePayload, response: decided } },
    async (request) => desk.approveSlip(actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${BASE}/slips/:id/reject`,
    { schema: { params: moneyItemParams, body: slipRejectPayload, response: decided } },
    async (request) => desk.rejectSlip(actorOf(request), request.params.id, request.body.note, request.body.reason),
  );
  app.post(
    `${BASE}/withdrawals/:id/approve`,
    { schema: { params: moneyItemParams, body: moneyNotePayload, response: decided } },
    async (request) => desk.approveWithdrawal(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    `${BASE}/withdrawals/:id/reject`,
    { schema: { params: moneyItemParams, body: moneyReasonPayload, response: decided } },
    async (request) => desk.rejectWithdrawal(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    `${BASE}/withdrawals/:id/paid`,
    { schema: { params: moneyItemParams, body: moneyNotePayload, response: decided } },
    async (request) => desk.markPayout(actorOf(request), request.params.id, 'paid', request.body.reason || null),
  );
  app.post(
    `${BASE}/withdrawals/:id/failed`,
    { schema: { params: moneyItemParams, body: moneyReasonPayload, response: decided } },
    async (request) => desk.markPayout(actorOf(request), request.params.id, 'failed', request.body.reason),
  );
};
