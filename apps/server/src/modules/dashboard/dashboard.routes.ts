import { dashboardResponse } from '@wallet/contract/backoffice/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard.service.ts';

/** The back office's home: figures of the last days and the queue sizes. Reads only. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/api/backoffice/dashboard', { schema: { response: { 200: dashboardResponse } } }, async () =>
    dashboard.overview(),
  );
};
