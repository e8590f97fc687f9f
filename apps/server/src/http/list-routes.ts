import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type CsvColumns, csvPage, sendCsv } from './csv-reply.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface ListRoute<Query extends object, Params, Row> {
  /** The list's path; its CSV export is the same path with `.csv`. */
  path: string;
  querystring?: z.ZodType<Query>;
  params?: z.ZodType<Params>;
  response: z.ZodType<{ items: Row[] }>;
  /** The export's file name (without `.csv`) and columns. */
  csv: { name: string; columns: CsvColumns<Row> };
  /** One page of the list; the export asks it for the first CSV_EXPORT_MAX_ROWS rows. */
  load: (query: Query, params: Params, request: FastifyRequest) => Promise<{ items: Row[] }>;
}

/**
 * A back-office list and its CSV export, declared once: both read the same query (filters, sort)
 * through the same code, so the file holds what the screen lists. Both routes need the permission
 * BACKOFFICE_ROUTES declares for them.
 */
export function listRoutes<Query extends object, Params, Row>(app: App, route: ListRoute<Query, Params, Row>): void {
  const schema = {
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.params ? { params: route.params } : {}),
  };
  // The schemas above validated both; the request's generic types do not follow them through a helper.
  const queryOf = (request: { query: unknown }) => (request.query ?? {}) as Query;
  const paramsOf = (request: { params: unknown }) => request.params as Params;
  app.get(route.path, { schema: { ...schema, response: { 200: route.response } } }, async (request) =>
    route.load(queryOf(request), paramsOf(request), request),
  );
  app.get(`${route.path}.csv`, { schema }, async (request, reply) => {
    const { items } = await route.load(csvPage(queryOf(request)), paramsOf(request), request);
    return sendCsv(reply, route.csv.name, route.csv.columns, items);
  });
}
