import { ensureBankFeedSecret } from '../../providers/payments/bank-feed-signature.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { bankFeedRoutes } from './bank-feed.routes.ts';
import { createBankFeed } from './bank-feed.service.ts';
import { manualDepositRoutes, manualDepositSandboxRoutes } from './manual-deposit.routes.ts';
import { createManualDeposits } from './manual-deposit.service.ts';
import { sandboxBankRoutes } from './sandbox-bank.routes.ts';

/** Deposits by bank transfer: the signed bank feed, manual deposit notices and the sandbox bank. */
export async function depositFeature(ctx: FeatureContext): Promise<FeatureRoutes> {
  const feed = createBankFeed({
    db: ctx.db,
    clock: ctx.clock,
    deposits: ctx.deposits,
    secret: await ensureBankFeedSecret(ctx.db, ctx.config.bankWebhookSecret),
    toleranceSeconds: ctx.config.webhookToleranceSeconds,
  });
  const manual = createManualDeposits({ db: ctx.db, clock: ctx.clock, deposits: ctx.deposits });
  return {
    webhook: async (app) => {
      await app.register(bankFeedRoutes, { feed });
    },
    player: async (app) => {
      await app.register(manualDepositRoutes, { manual, idempotency: ctx.idempotency });
    },
    sandbox: async (app) => {
      await app.register(sandboxBankRoutes, { db: ctx.db, clock: ctx.clock, feed });
      await app.register(manualDepositSandboxRoutes, { manual });
    },
  };
}
