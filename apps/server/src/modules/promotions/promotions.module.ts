import { createBannerStorage } from '../../lib/banner-images.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { createBonusEngine } from './bonus-engine.ts';
import { inviteRefundRoutes } from './invite-refund.routes.ts';
import { createInviteRefundService } from './invite-refund.service.ts';
import * as repo from './promotions.repo.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';
import { promotionsAdminRoutes } from './promotions-admin.routes.ts';
import { createPromotionsAdmin, type PromotionsAdminDeps } from './promotions-admin.service.ts';

/**
 * Bonuses and promotion codes (issue 15, DESIGN §5). The bonus engine subscribes to withdraw.requested
 * (BONUS_CONDITION and the rest), game.refreshed and wallet.changed (the fail line) instead of being
 * called by the wallet or withdraw features. The back office edits them under /api/backoffice/promotions,
 * its audit rows written through the back office's recordAudit (app.ts hands it over).
 */
export async function promotionsFeature(
  ctx: FeatureContext,
  needs: { recordAudit: PromotionsAdminDeps['recordAudit'] },
): Promise<
  FeatureRoutes & {
    invites: { inviteSummary: (userId: string) => Promise<InviteSummary> };
    bonusTypes: { exists: (code: string) => Promise<boolean> };
  }
> {
  const engine = await createBonusEngine({
    db: ctx.db,
    clock: ctx.clock,
    systemAccount: ctx.systemAccount,
    events: ctx.events,
    games: ctx.providers.games,
    restrictions: ctx.restrictions,
  });
  const promotions = createPromotionsService({
    db: ctx.db,
    clock: ctx.clock,
    engine,
    restrictions: ctx.restrictions,
  });
  const programmes = createInviteRefundService({ db: ctx.db, clock: ctx.clock, engine, events: ctx.events });
  const admin = createPromotionsAdmin({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    banners: createBannerStorage(ctx.config.uploadsDir),
    recordAudit: needs.recordAudit,
  });
  return {
    // The wallet answers the invite amount beside the money (SPEC §3); app.ts hands it this.
    invites: { inviteSummary: programmes.inviteSummary },
    // The wheel editor names a bonus type whose conditions a bonus prize carries; app.ts hands it this.
    bonusTypes: { exists: async (code) => (await repo.findBonus(ctx.db, code)) !== undefined },
    player: async (app) => {
      await app.register(promotionsRoutes, { promotions });
      await app.register(inviteRefundRoutes, { programmes, restrictions: ctx.restrictions });
    },
    // Marketing's bonus types, codes and programmes, finance's cost report (like the money desk's).
    operator: async (app) => {
      await app.register(promotionsAdminRoutes, { admin });
    },
  };
}

/** The invite amount and the success and fail percents of the bonus it becomes. */
export interface InviteSummary {
  amount: number;
  success: number;
  fail: number;
}
