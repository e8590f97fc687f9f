import {
  adjustmentCreatePayload,
  adjustmentDecisionPayload,
  adjustmentListResponse,
  adjustmentQuery,
  adjustmentRefusePayload,
  adjustmentResponse,
  bankChangeApprovePayload,
  bankChangeListResponse,
  bankChangeQuery,
  bankChangeRefusePayload,
  bankChangeResponse,
  playerActionPayload,
  playerActionResponse,
  playerAuditQuery,
  playerAuditResponse,
  playerDetail,
  playerIdParams,
  playerRecordsQuery,
  playerRecordsResponse,
  playerSearchQuery,
  playerSearchResponse,
  requestIdParams,
} from '@wallet/contract/backoffice/players';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refused } from '../../lib/domain-error.ts';
import { sha256 } from '../../lib/ids.ts';
import type { AdjustmentKey, Adjustments } from './adjustments.service.ts';
import type { AuditService } from './audit.service.ts';
import type { PlayersDesk } from './players.service.ts';
import { actorOf } from './request-actor.ts';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The operator's Idempotency-Key of a money POST, with a hash of what was asked (the same key with
 * another body answers 409). Adjustments keep it on their own row, per operator.
 */
function idempotencyOf(request: FastifyRequest): AdjustmentKey | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw refused('KEY_INVALID', 'Idempotency-Key');
  }
  return {
    key: header,
    requestHash: sha256(
      `${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.body)}`,
    ),
  };
}

function operatorActor(request: FastifyRequest) {
  const actor = actorOf(request);
  return { ...actor, operatorId: actor.operatorId as string };
}

/** The players desk: search, the player page, account actions, bank-change requests, adjustments. */
export const playersRoutes: FastifyPluginAsyncZod<{
  desk: PlayersDesk;
  adjustments: Adjustments;
  audit: AuditService;
}> = async (app, { desk, adjustments, audit }) => {
  app.get(
    '/api/backoffice/players',
    { schema: { querystring: playerSearchQuery, response: { 200: playerSearchResponse } } },
    async (request) => desk.search(request.query),
  );
  app.get(
    '/api/backoffice/players/:id',
    { schema: { params: playerIdParams, response: { 200: playerDetail } } },
    async (request) => desk.detail(request.params.id),
  );
  app.get(
    '/api/backoffice/players/:id/records',
    { schema: { params: playerIdParams, querystring: playerRecordsQuery, response: { 200: playerRecordsResponse } } },
    async (request) => desk.records(request.params.id, request.query),
  );
  app.get(
    '/api/backoffice/players/:id/audit',
    { schema: { params: playerIdParams, querystring: playerAuditQuery, response: { 200: playerAuditResponse } } },
    async (request) => {
      await desk.requirePlayer(request.params.id);
      return audit.list({ playerId: request.params.id, format: 'json', ...request.query });
    },
  );
  app.post(
    '/api/backoffice/players/:id/suspend',
    { schema: { params: playerIdParams, body: playerActionPayload, response: { 200: playerActionResponse } } },
    async (request) => desk.setStatus(actorOf(request), request.params.id, 'suspended', request.body.reason),
  );
  app.post(
    '/api/backoffice/players/:id/reactivate',
    { schema: { params: playerIdParams, body: playerActionPayload, response: { 200: playerActionResponse } } },
    async (request) => desk.setStatus(actorOf(request), request.params.id, 'active', request.body.reason),
  );
  app.post(
    '/api/backoffice/players/:id/sign-out',
    { schema: { params: playerIdParams, body: playerActionPayload, response: { 200: playerActionResponse } } },
    async (request) => desk.signOut(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/backoffice/players/:id/reset-password',
    { schema: { params: playerIdParams, body: playerActionPayload, response: { 200: playerActionResponse } } },
    async (request) => desk.resetPassword(actorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/backoffice/bank-changes',
    { schema: { querystring: bankChangeQuery, response: { 200: bankChangeListResponse } } },
    async (request) => desk.bankChanges(request.query),
  );
  app.post(
    '/api/backoffice/bank-changes/:id/approve',
    { schema: { params: requestIdParams, body: bankChangeApprovePayload, response: { 200: bankChangeResponse } } },
    async (request) => desk.approveBankChange(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/backoffice/bank-changes/:id/refuse',
    { schema: { params: requestIdParams, body: bankChangeRefusePayload, response: { 200: bankChangeResponse } } },
    async (request) => desk.refuseBankChange(actorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/backoffice/players/:id/adjustments',
    { schema: { params: playerIdParams, querystring: adjustmentQuery, response: { 200: adjustmentListResponse } } },
    async (request) => {
      await desk.requirePlayer(request.params.id);
      return adjustments.list({ ...request.query, userId: request.params.id });
    },
  );
  app.post(
    '/api/backoffice/players/:id/adjustments',
    { schema: { params: playerIdParams, body: adjustmentCreatePayload, response: { 200: adjustmentResponse } } },
    async (request) =>
      adjustments.create(operatorActor(request), request.params.id, request.body, idempotencyOf(request)),
  );
  app.get(
    '/api/backoffice/adjustments',
    { schema: { querystring: adjustmentQuery, response: { 200: adjustmentListResponse } } },
    async (request) => adjustments.list(request.query),
  );
  app.post(
    '/api/backoffice/adjustments/:id/approve',
    { schema: { params: requestIdParams, body: adjustmentDecisionPayload, response: { 200: adjustmentResponse } } },
    async (request) => adjustments.approve(operatorActor(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/backoffice/adjustments/:id/refuse',
    { schema: { params: requestIdParams, body: adjustmentRefusePayload, response: { 200: adjustmentResponse } } },
    async (request) => adjustments.refuse(operatorActor(request), request.params.id, request.body.reason),
  );
};
