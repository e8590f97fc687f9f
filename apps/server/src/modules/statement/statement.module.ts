import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { statementRoutes } from './statement.routes.ts';

/** The player's statement: every movement of their money. */
export async function statementFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  return {
    player: async (app) => {
      await app.register(statementRoutes, { db: ctx.db });
    },
  };
}
