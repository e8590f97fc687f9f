import { manualPayouts } from '../../providers/payments/payout.ts';
import { createSandboxPayouts } from '../../providers/payments/payout-sandbox.ts';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { sandboxPayoutRoutes, withdrawRoutes } from './withdraw.routes.ts';
import { createWithdrawals, type Withdrawals } from './withdraw.service.ts';

/** Withdrawals to the player's registered bank account, held until the payout posts or fails. */
export async function withdrawFeature(ctx: FeatureContext): Promise<FeatureRoutes & { withdrawals: Withdrawals }> {
  const sandbox = ctx.config.sandboxProviders
    ? createSandboxPayouts({ delayMs: ctx.config.sandboxPayoutDelayMs })
    : undefined;
  const payouts = sandbox ?? manualPayouts();
  const withdrawals = createWithdrawals({
    db: ctx.db,
    clock: ctx.clock,
    systemAccount: ctx.systemAccount,
    payouts,
    events: ctx.events,
    reviewAfterBankChangeMs: ctx.config.bankChangeReviewHours * 3600 * 1000,
  });
  // Timers die with the process: payouts still in flight are handed to the bank again.
  await withdrawals.redispatchPending();
  return {
    withdrawals,
    player: async (app) => {
      await app.register(withdrawRoutes, { withdrawals, idempotency: ctx.idempotency });
    },
    ...(sandbox
      ? {
          sandbox: async (app) => {
            await app.register(sandboxPayoutRoutes, { withdrawals, payouts: sandbox });
          },
        }
      : {}),
    close: () => payouts.close(),
  };
}
