import type { SandboxGames } from '../../providers/games/sandbox-games.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { type SandboxOutbox, sandboxRoutes, sandboxSmsConsoleRoutes } from './sandbox.routes.ts';
import { sandboxGamesRoutes } from './sandbox-games.routes.ts';

export interface SandboxNeeds {
  /** The sandbox SMS gateway's outbox, where OTP codes land when no real gateway is configured. */
  outbox: SandboxOutbox;
  /** The sandbox game service (built while sandbox providers are on, even when tests plug in other games). */
  games?: SandboxGames | undefined;
}

/**
 * The sandbox providers' own doors that belong to no money feature: the SMS outbox and the sandbox
 * game service's demo slot. (The sandbox bank, QR gateways, gift links, slip verifier and payouts are
 * the sandbox audience of their features.)
 */
export async function sandboxFeature(ctx: FeatureContext, needs: SandboxNeeds): Promise<FeatureRoutes> {
  const { games } = needs;
  return {
    sandbox: async (app) => {
      await app.register(sandboxRoutes, { sms: needs.outbox });
      if (games) await app.register(sandboxGamesRoutes, { games, rtp: ctx.config.sandboxGameRtp });
    },
    // Only with sandbox providers on: a production server has no such path.
    ...(ctx.config.sandboxProviders
      ? { operator: async (app) => app.register(sandboxSmsConsoleRoutes, { sms: needs.outbox }) }
      : {}),
  };
}
