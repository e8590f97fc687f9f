import { createSandboxGiftLinks } from '../../providers/payments/gift-link-sandbox.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { playerGiftLinkRoutes, sandboxGiftLinkRoutes } from './gift-link.routes.ts';
import { createGiftLinkService } from './gift-link.service.ts';
import { createGiftLinkKeys } from './gift-link-keys.ts';

/**
 * Gift-link deposits, decrypted with the server's RSA-OAEP key. Only the sandbox provider exists so
 * far; with sandbox providers off a link answers NO_WALLET.
 */
export async function giftLinkFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  const sandbox = ctx.config.sandboxProviders ? createSandboxGiftLinks({ db: ctx.db, clock: ctx.clock }) : undefined;
  const giftLinks = createGiftLinkService({
    db: ctx.db,
    clock: ctx.clock,
    keys: createGiftLinkKeys(ctx.db),
    provider: sandbox,
    deposits: ctx.deposits,
    restrictions: ctx.restrictions,
  });
  return {
    player: async (app) => {
      await app.register(playerGiftLinkRoutes, { giftLinks, idempotency: ctx.idempotency });
    },
    ...(sandbox
      ? {
          sandbox: async (app) => {
            await app.register(sandboxGiftLinkRoutes, { sandbox, publicUrl: ctx.config.publicUrl });
          },
        }
      : {}),
  };
}
