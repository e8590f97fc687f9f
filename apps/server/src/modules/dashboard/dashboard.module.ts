import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * The back-office dashboard (GET /api/backoffice/dashboard, permission dashboard.read, which every
 * role holds). Operator audience only: the operator check runs before it.
 */
export function dashboardFeature(ctx: FeatureContext): FeatureRoutes {
  const dashboard = createDashboardService({ db: ctx.db, clock: ctx.clock });
  return {
    operator: async (app) => {
      await app.register(dashboardRoutes, { dashboard });
    },
  };
}
