import { ensureBankFeedSecret } from '../../providers/payments/bank-feed-signature.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { bankFeedRoutes } from './bank-feed.routes.ts';
import type { BankFeed } from './bank-feed.service.ts';
import { createBankFeed } from './bank-feed.service.ts';
import { manualDepositRoutes } from './manual-deposit.routes.ts';
import type { ManualDeposits } from './manual-deposit.service.ts';
import { createManualDeposits } from './manual-deposit.service.ts';
import { sandboxBankRoutes } from './sandbox-bank.routes.ts';

/** Deposits by bank transfer: the signed bank feed, manual deposit notices and the sandbox bank. */
/** The routes, and the services whose decisions the money desk drives (app.ts hands them over). */
export async function depositFeature(
  ctx: FeatureContext,
): Promise<FeatureRoutes & { feed: BankFeed; manual: ManualDeposits }> {
  const feed = createBankFeed({
    db: ctx.db,
    clock: ctx.clock,
    deposits: ctx.deposits,
    secret: await ensureBankFeedSecret(ctx.db, ctx.config.bankWebhookSecret),
    toleranceSeconds: ctx.config.webhookToleranceSeconds,
    restrictions: ctx.restrictions,
  });
  const manual = createManualDeposits({
    db: ctx.db,
    clock: ctx.clock,
    deposits: ctx.deposits,
    restrictions: ctx.restrictions,
  });
  return {
    feed,
    manual,
    webhook: async (app) => {
      await app.register(bankFeedRoutes, { feed });
    },
    player: async (app) => {
      await app.register(manualDepositRoutes, { manual, idempotency: ctx.idempotency });
    },
    sandbox: async (app) => {
      await app.register(sandboxBankRoutes, { db: ctx.db, clock: ctx.clock, feed });
    },
  };
}
