import { chatWidgetEnabled } from '../../db/chat-settings.ts';
import { qrDefaultMinimumsMinor } from '../../db/content-settings.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { type LookupOptions, playerLookupRoutes, publicLookupRoutes } from './lookup.routes.ts';

/** The app's reference data and operator content (SPEC §7 lookups). */
export async function lookupFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  const options: LookupOptions = {
    db: ctx.db,
    clock: ctx.clock,
    laoMode: ctx.config.laoMode,
    registerOtp: ctx.config.registerOtp,
    enableChatWidget: () => chatWidgetEnabled(ctx.db, ctx.config.enableChatWidget),
    qrDefaultMinimumsMinor: qrDefaultMinimumsMinor(ctx.config.qrMinimumOverrides),
  };
  return {
    public: async (app) => {
      await app.register(publicLookupRoutes, options);
    },
    player: async (app) => {
      await app.register(playerLookupRoutes, options);
    },
  };
}
