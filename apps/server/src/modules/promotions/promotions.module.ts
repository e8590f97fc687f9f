import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { createBonusEngine } from './bonus-engine.ts';
import { inviteRefundRoutes } from './invite-refund.routes.ts';
import { createInviteRefundService } from './invite-refund.service.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';

/**
 * Bonuses and promotion codes (issue 15, DESIGN §5). The bonus engine subscribes to withdraw.requested
 * (BONUS_CONDITION and the rest), game.refreshed and wallet.changed (the fail line) instead of being
 * called by the wallet or withdraw features.
 */
export async function promotionsFeature(
  ctx: FeatureContext,
): Promise<FeatureRoutes & { invites: { inviteSummary: (userId: string) => Promise<InviteSummary> } }> {
  const engine = await createBonusEngine({
    db: ctx.db,
    clock: ctx.clock,
    systemAccount: ctx.systemAccount,
    events: ctx.events,
    games: ctx.providers.games,
  });
  const promotions = createPromotionsService({ db: ctx.db, clock: ctx.clock, engine });
  const programmes = createInviteRefundService({ db: ctx.db, clock: ctx.clock, engine, events: ctx.events });
  return {
    // The wallet answers the invite amount beside the money (SPEC §3); app.ts hands it this.
    invites: { inviteSummary: programmes.inviteSummary },
    player: async (app) => {
      await app.register(promotionsRoutes, { promotions });
      await app.register(inviteRefundRoutes, { programmes });
    },
  };
}

/** The invite amount and the success and fail percents of the bonus it becomes. */
export interface InviteSummary {
  amount: number;
  success: number;
  fail: number;
}
