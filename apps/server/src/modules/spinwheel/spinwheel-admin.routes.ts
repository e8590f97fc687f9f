import {
  type SpinCouponQueryParsed,
  type SpinCouponRow,
  type SpinLogQueryParsed,
  type SpinLogRow,
  spinCouponFulfilPayload,
  spinCouponIdParams,
  spinCouponPage,
  spinCouponQuery,
  spinCouponResponse,
  spinLogPage,
  spinLogQuery,
  spinReportQuery,
  spinReportResponse,
  spinWheelActivePayload,
  spinWheelIdParams,
  spinWheelListResponse,
  spinWheelPayload,
  spinWheelResponse,
} from '@wallet/contract/backoffice/spinwheel';
import { messageResponse } from '@wallet/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldColumns } from '../../http/csv-reply.ts';
import { listRoutes } from '../../http/list-routes.ts';
import { operatorOf } from '../../http/operator-auth.ts';
import type { SpinActor, SpinwheelAdmin } from './spinwheel-admin.service.ts';

const BASE = '/api/backoffice/spinwheel';

function actorOf(request: FastifyRequest): SpinActor {
  const operator = operatorOf(request);
  return {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    ip: request.ip,
    requestId: request.id,
  };
}

export const SPIN_LOG_CSV = fieldColumns<SpinLogRow>(
  'at',
  'username',
  'playerId',
  'wheelId',
  'version',
  'sliceCode',
  'sliceLabel',
  'prizeType',
  'amount',
  'couponId',
  'couponStatus',
  'id',
);
export const SPIN_COUPONS_CSV = fieldColumns<SpinCouponRow>(
  'at',
  'username',
  'playerId',
  'wheelId',
  'version',
  'sliceCode',
  'sliceLabel',
  'prizeType',
  'amount',
  'itemName',
  'status',
  'expiresAt',
  'claimedAt',
  'fulfilledAt',
  'fulfilledBy',
  'id',
);

/**
 * The back office's spin wheels (issue 16). Each route's permission is in the contract
 * (BACKOFFICE_ROUTES): marketing edits wheels, support fulfils item coupons, finance reads the report,
 * the auditor reads everything.
 */
export const spinwheelAdminRoutes: FastifyPluginAsyncZod<{ admin: SpinwheelAdmin }> = async (app, { admin }) => {
  app.get(`${BASE}/wheels`, { schema: { response: { 200: spinWheelListResponse } } }, async () => admin.listWheels());
  app.post(
    `${BASE}/wheels`,
    { schema: { body: spinWheelPayload, response: { 200: spinWheelResponse } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.createWheel(actorOf(request), input, reason);
    },
  );
  app.get(
    `${BASE}/wheels/:id`,
    { schema: { params: spinWheelIdParams, response: { 200: spinWheelResponse } } },
    async (request) => admin.getWheel(request.params.id),
  );
  app.put(
    `${BASE}/wheels/:id`,
    { schema: { params: spinWheelIdParams, body: spinWheelPayload, response: { 200: spinWheelResponse } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.updateWheel(actorOf(request), request.params.id, input, reason);
    },
  );
  app.post(
    `${BASE}/wheels/:id/active`,
    { schema: { params: spinWheelIdParams, body: spinWheelActivePayload, response: { 200: spinWheelResponse } } },
    async (request) => admin.setActive(actorOf(request), request.params.id, request.body.active, request.body.reason),
  );
  app.delete(
    `${BASE}/wheels/:id`,
    { schema: { params: spinWheelIdParams, response: { 200: messageResponse } } },
    async (request) => admin.deleteWheel(actorOf(request), request.params.id),
  );

  listRoutes(app, {
    path: `${BASE}/spins`,
    querystring: spinLogQuery,
    response: spinLogPage,
    csv: { name: 'spins', columns: SPIN_LOG_CSV },
    load: (query: SpinLogQueryParsed) => admin.spinLog(query),
  });
  listRoutes(app, {
    path: `${BASE}/coupons`,
    querystring: spinCouponQuery,
    response: spinCouponPage,
    csv: { name: 'spin-coupons', columns: SPIN_COUPONS_CSV },
    load: (query: SpinCouponQueryParsed) => admin.couponList(query),
  });
  app.post(
    `${BASE}/coupons/:id/fulfil`,
    { schema: { params: spinCouponIdParams, body: spinCouponFulfilPayload, response: { 200: spinCouponResponse } } },
    async (request) => admin.fulfil(actorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    `${BASE}/report`,
    { schema: { querystring: spinReportQuery, response: { 200: spinReportResponse } } },
    async (request) => admin.report(request.query),
  );
};
