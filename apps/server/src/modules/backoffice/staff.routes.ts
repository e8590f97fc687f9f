import {
  staffCreatePayload,
  staffIdParams,
  staffListResponse,
  staffPasswordResponse,
  staffResetPasswordPayload,
  staffResponse,
  staffRolePayload,
  staffStatusPayload,
} from '@wallet/contract/backoffice/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes } from '../../http/list-routes.ts';
import { STAFF_CSV } from './csv-columns.ts';
import { actorOf } from './request-actor.ts';
import type { StaffService } from './staff.service.ts';

/** Owners manage staff accounts; the hook allows these only to roles holding staff.* permissions. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  listRoutes(app, {
    path: '/api/backoffice/staff',
    response: staffListResponse,
    csv: { name: 'staff', columns: STAFF_CSV },
    load: () => staff.list(),
  });
  app.post(
    '/api/backoffice/staff',
    { schema: { body: staffCreatePayload, response: { 200: staffPasswordResponse } } },
    async (request) => staff.create(actorOf(request), request.body),
  );
  app.post(
    '/api/backoffice/staff/:id/disable',
    { schema: { params: staffIdParams, body: staffStatusPayload, response: { 200: staffResponse } } },
    async (request) => staff.setStatus(actorOf(request), request.params.id, 'disabled', request.body.reason),
  );
  app.post(
    '/api/backoffice/staff/:id/enable',
    { schema: { params: staffIdParams, body: staffStatusPayload, response: { 200: staffResponse } } },
    async (request) => staff.setStatus(actorOf(request), request.params.id, 'active', request.body.reason),
  );
  app.post(
    '/api/backoffice/staff/:id/reset-password',
    { schema: { params: staffIdParams, body: staffResetPasswordPayload, response: { 200: staffPasswordResponse } } },
    async (request) => staff.resetPassword(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/api/backoffice/staff/:id/role',
    { schema: { params: staffIdParams, body: staffRolePayload, response: { 200: staffResponse } } },
    async (request) => staff.setRole(actorOf(request), request.params.id, request.body.role, request.body.reason),
  );
};
