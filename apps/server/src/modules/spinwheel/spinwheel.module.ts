import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import type { RandomSource } from './draw.ts';
import { spinwheelRoutes } from './spinwheel.routes.ts';
import { createSpinwheelService } from './spinwheel.service.ts';
import { spinwheelAdminRoutes } from './spinwheel-admin.routes.ts';
import { createSpinwheelAdmin, type SpinwheelAdminDeps } from './spinwheel-admin.service.ts';

/**
 * The spin wheel (issue 16, DESIGN §5): players spend coins on spins and claim the coupons they win;
 * the back office edits wheels under /api/backoffice/spinwheel. A bonus prize reaches promotions by
 * the in-transaction event spin.bonus_claimed, never by an import; coins move on the coin ledger.
 */
export async function spinwheelFeature(
  ctx: FeatureContext,
  needs: {
    recordAudit: SpinwheelAdminDeps['recordAudit'];
    bonusTypeExists: SpinwheelAdminDeps['bonusTypeExists'];
    random?: RandomSource;
  },
): Promise<FeatureRoutes> {
  const spinwheel = await createSpinwheelService({
    db: ctx.db,
    clock: ctx.clock,
    systemAccount: ctx.systemAccount,
    events: ctx.events,
    restrictions: ctx.restrictions,
    ...(needs.random ? { random: needs.random } : {}),
  });
  const admin = createSpinwheelAdmin({
    db: ctx.db,
    clock: ctx.clock,
    recordAudit: needs.recordAudit,
    bonusTypeExists: needs.bonusTypeExists,
  });
  return {
    player: async (app) => {
      await app.register(spinwheelRoutes, { spinwheel, idempotency: ctx.idempotency });
    },
    operator: async (app) => {
      await app.register(spinwheelAdminRoutes, { admin });
    },
  };
}
