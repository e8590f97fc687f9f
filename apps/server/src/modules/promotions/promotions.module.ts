import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { createBonusEngine } from './bonus-engine.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';

/**
 * Bonuses and promotion codes (issue 15, DESIGN §5). The bonus engine subscribes to withdraw.requested
 * (BONUS_CONDITION and the rest), game.refreshed and wallet.changed (the fail line) instead of being
 * called by the wallet or withdraw features.
 */
export async function promotionsFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  const engine = await createBonusEngine({
    db: ctx.db,
    clock: ctx.clock,
    systemAccount: ctx.systemAccount,
    events: ctx.events,
    games: ctx.providers.games,
  });
  const promotions = createPromotionsService({ db: ctx.db, clock: ctx.clock, engine });
  return {
    player: async (app) => {
      await app.register(promotionsRoutes, { promotions });
    },
  };
}
