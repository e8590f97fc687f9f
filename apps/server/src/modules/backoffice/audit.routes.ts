import { type AuditQueryParsed, auditPage, auditQuery } from '@wallet/contract/backoffice/audit';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.ts';

/** The audit log, read only: no route writes, updates or deletes its rows. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  // Text, sent as is: the serializer and the JSON schema are for the page form.
  async function sendCsv(query: AuditQueryParsed, reply: FastifyReply) {
    const body = await audit.csv(query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit.csv"')
      .send(body);
  }
  app.get(
    '/api/backoffice/audit',
    { schema: { querystring: auditQuery, response: { 200: auditPage } } },
    async (request, reply) =>
      request.query.format === 'csv' ? sendCsv(request.query, reply) : audit.list(request.query),
  );
  app.get('/api/backoffice/audit.csv', { schema: { querystring: auditQuery } }, async (request, reply) =>
    sendCsv({ ...request.query, format: 'csv' }, reply),
  );
};
