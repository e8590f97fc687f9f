import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { protectionRoutes } from './protection.routes.ts';
import { createProtection, type Protection } from './protection.service.ts';
import { protectionAdminRoutes, type RecordProtectionAudit } from './protection-admin.routes.ts';

/**
 * Built before the other features (app.ts): the protection service, whose `restrictions` guard every
 * feature receives in FeatureContext.restrictions.
 */
export function createPlayerProtection(deps: Pick<FeatureContext, 'db' | 'dialect' | 'clock'>): {
  protection: Protection;
  restrictions: PlayerRestrictions;
} {
  const protection = createProtection(deps);
  return { protection, restrictions: protection.restrictions };
}

/**
 * Player protection (issue 20): the player's tools under /api/account/protection and the back office's
 * view, actions and report; its audit rows are written through the back office's recordAudit.
 */
export function protectionFeature(
  protection: Protection,
  needs: { recordAudit: RecordProtectionAudit },
): FeatureRoutes {
  return {
    player: async (app) => {
      await app.register(protectionRoutes, { protection });
    },
    operator: async (app) => {
      await app.register(protectionAdminRoutes, { protection, recordAudit: needs.recordAudit });
    },
  };
}
