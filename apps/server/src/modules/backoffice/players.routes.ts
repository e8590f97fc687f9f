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
import { listRoutes } from '../../http/list-routes.ts';
import { refused } from '../../lib/domain-error.ts';
import { sha256 } from '../../lib/ids.ts';
import type { AdjustmentKey, Adjustments } from './adjustments.service.ts';
import type { AuditService } from './audit.service.ts';
import { ADJUSTMENTS_CSV, AUDIT_CSV, BANK_CHANGES_CSV, PLAYER_RECORDS_CSV, PLAYERS_CSV } from './csv-columns.ts';
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
  /** A list about one player: an unknown player is NO_DATA (404), not an empty list. */
  const ofPlayer =
    <Query, Page>(load: (query: Query, id: string) => Promise<Page>) =>
    async (query: Query, params: { id: string }) => {
      await desk.requirePlayer(params.id);
      return load(query, params.id);
    };
  listRoutes(app, {
    path: '/api/backoffice/players',
    querystring: playerSearchQuery,
    response: playerSearchResponse,
    csv: { name: 'players', columns: PLAYERS_CSV },
    load: (query) => desk.search(query),
  });
  app.get(
    '/api/backoffice/players/:id',
    { schema: { params: playerIdParams, response: { 200: playerDetail } } },
    async (request) => desk.detail(request.params.id),
  );
  listRoutes(app, {
    path: '/api/backoffice/players/:id/records',
    params: playerIdParams,
    querystring: playerRecordsQuery,
    response: playerRecordsResponse,
    csv: { name: 'player-records', columns: PLAYER_RECORDS_CSV },
    load: (query, params) => desk.records(params.id, query),
  });
  listRoutes(app, {
    path: '/api/backoffice/players/:id/audit',
    params: playerIdParams,
    querystring: playerAuditQuery,
    response: playerAuditResponse,
    csv: { name: 'player-audit', columns: AUDIT_CSV },
    load: ofPlayer((query, id) => audit.list({ playerId: id, format: 'json', ...query })),
  });
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

  listRoutes(app, {
    path: '/api/backoffice/bank-changes',
    querystring: bankChangeQuery,
    response: bankChangeListResponse,
    csv: { name: 'bank-changes', columns: BANK_CHANGES_CSV },
    load: (query) => desk.bankChanges(query),
  });
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

  listRoutes(app, {
    path: '/api/backoffice/players/:id/adjustments',
    params: playerIdParams,
    querystring: adjustmentQuery,
    response: adjustmentListResponse,
    csv: { name: 'player-adjustments', columns: ADJUSTMENTS_CSV },
    load: ofPlayer((query, id) => adjustments.list({ ...query, userId: id })),
  });
  app.post(
    '/api/backoffice/players/:id/adjustments',
    { schema: { params: playerIdParams, body: adjustmentCreatePayload, response: { 200: adjustmentResponse } } },
    async (request) =>
      adjustments.create(operatorActor(request), request.params.id, request.body, idempotencyOf(request)),
  );
  listRoutes(app, {
    path: '/api/backoffice/adjustments',
    querystring: adjustmentQuery,
    response: adjustmentListResponse,
    csv: { name: 'adjustments', columns: ADJUSTMENTS_CSV },
    load: (query) => adjustments.list(query),
  });
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
