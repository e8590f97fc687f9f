import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService, type WalletServiceDeps } from './wallet.service.ts';

export interface WalletNeeds {
  /** The account feature's player profiles, answered beside the money. */
  profiles: WalletServiceDeps['accounts'];
  /** The promotions feature's invite amount and terms, answered beside the money. */
  invites?: WalletServiceDeps['invites'];
}

/** The wallet and the player's game accounts: moves between them, refreshes and game launches. */
export async function walletFeature(ctx: FeatureContext, needs: WalletNeeds): Promise<FeatureRoutes> {
  const wallet = createWalletService({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    games: ctx.providers.games,
    restrictions: ctx.restrictions,
    accounts: needs.profiles,
    ...(needs.invites ? { invites: needs.invites } : {}),
    systemAccount: ctx.systemAccount,
    providerTimeoutMs: ctx.config.gameProviderTimeoutMs,
    events: ctx.events,
  });
  return {
    player: async (app) => {
      await app.register(walletRoutes, { wallet, idempotency: ctx.idempotency });
    },
  };
}
