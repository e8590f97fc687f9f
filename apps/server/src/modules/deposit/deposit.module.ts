import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { sandboxBankRoutes } from '../sandbox/sandbox-bank.routes.ts';

/** Deposits by bank transfer: the signed bank feed, manual deposit notices and the sandbox bank. */
export async function depositFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  return {
    sandbox: async (app) => {
      await app.register(sandboxBankRoutes, { db: ctx.db, deposits: ctx.deposits });
    },
  };
}
