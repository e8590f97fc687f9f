import { playerIdParams } from '@wallet/contract/backoffice/players';
import {
  operatorExclusionPayload,
  operatorTimeoutPayload,
  type PlayerProtectionResponse,
  type ProtectionReportItem,
  playerProtectionQuery,
  playerProtectionResponse,
  protectionReportQuery,
  protectionReportResponse,
} from '@wallet/contract/backoffice/protection';
import type { OperatorRole } from '@wallet/contract/backoffice/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type CsvColumns, fieldColumns } from '../../http/csv-reply.ts';
import { listRoutes } from '../../http/list-routes.ts';
import { operatorOf } from '../../http/operator-auth.ts';
import type { Protection, ProtectionActor } from './protection.service.ts';

/** Who did it, from where: the audit log's actor (the back office's AuditActor). */
export interface ProtectionAuditActor {
  operatorId: string | null;
  username: string;
  role: OperatorRole | null;
  ip: string;
  requestId: string;
}

/** The back office's audit writer, handed over by app.ts; it writes in the deciding transaction. */
export type RecordProtectionAudit = (
  trx: Transaction<Database>,
  actor: ProtectionAuditActor,
  change: {
    action: 'player.protection_timeout' | 'player.protection_exclusion';
    targetType: 'player';
    targetId: string;
    after: unknown;
    reason: string;
  },
  now: number,
) => Promise<void>;

const REPORT_CSV: CsvColumns<ProtectionReportItem> = fieldColumns<ProtectionReportItem>(
  'userId',
  'username',
  'name',
  'state',
  'restrictedUntil',
  'dayLimit',
  'weekLimit',
  'monthLimit',
  'since',
);

/**
 * Staff and player protection (issue 20): support sees a player's protection and history, applies a
 * time-out or exclusion on the player's request (audited with the reason), and never shortens or lifts
 * one (no route does; a shorter request is refused). The report lists players by active protection.
 */
export const protectionAdminRoutes: FastifyPluginAsyncZod<{
  protection: Protection;
  recordAudit: RecordProtectionAudit;
}> = async (app, { protection, recordAudit }) => {
  const staff = (request: FastifyRequest, userId: string, reason: string): ProtectionActor => {
    const operator = operatorOf(request);
    const actor = {
      operatorId: operator.id,
      username: operator.username,
      role: operator.role,
      ip: request.ip,
      requestId: request.id,
    };
    return {
      by: operator.username,
      reason,
      audit: (trx, change, now) => recordAudit(trx, actor, { ...change, targetType: 'player', targetId: userId }, now),
    };
  };
  app.get(
    '/api/backoffice/players/:id/protection',
    {
      schema: {
        params: playerIdParams,
        querystring: playerProtectionQuery,
        response: { 200: playerProtectionResponse },
      },
    },
    async (request): Promise<PlayerProtectionResponse> =>
      protection.playerProtection(request.params.id, request.query.page, request.query.limit),
  );
  app.post(
    '/api/backoffice/players/:id/protection/timeout',
    { schema: { params: playerIdParams, body: operatorTimeoutPayload, response: { 200: playerProtectionResponse } } },
    async (request) => {
      await protection.assertPlayer(request.params.id);
      await protection.startTimeout(
        request.params.id,
        request.body.days,
        staff(request, request.params.id, request.body.reason),
      );
      return protection.playerProtection(request.params.id, 1, 50);
    },
  );
  app.post(
    '/api/backoffice/players/:id/protection/exclusion',
    { schema: { params: playerIdParams, body: operatorExclusionPayload, response: { 200: playerProtectionResponse } } },
    async (request) => {
      await protection.assertPlayer(request.params.id);
      await protection.startExclusion(
        request.params.id,
        request.body.months,
        staff(request, request.params.id, request.body.reason),
      );
      return protection.playerProtection(request.params.id, 1, 50);
    },
  );
  listRoutes(app, {
    path: '/api/backoffice/protection',
    querystring: protectionReportQuery,
    response: protectionReportResponse,
    csv: { name: 'player-protection', columns: REPORT_CSV },
    load: (query) => protection.report(query),
  });
};
