import { auditPage, auditQuery } from '@wallet/contract/backoffice/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvPage, sendCsv } from '../../http/csv-reply.ts';
import type { AuditService } from './audit.service.ts';
import { AUDIT_CSV } from './csv-columns.ts';

/** The audit log, read only: no route writes, updates or deletes its rows. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/backoffice/audit',
    { schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request, reply) =>
      request.query.format === 'csv'
        ? sendCsv(reply, 'audit', AUDIT_CSV, (await audit.list(csvPage(request.query))).items)
        : audit.list(request.query),
  );
  app.get('/api/backoffice/audit.csv', { schema: { querystring: auditQuery } }, async (request, reply) =>
    sendCsv(reply, 'audit', AUDIT_CSV, (await audit.list(csvPage(request.query))).items),
  );
};
