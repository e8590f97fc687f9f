import type { FeatureContext, FeatureRoutes } from '../feature.ts';

/** Withdrawals to the player's registered bank account, held until the payout posts or fails. */
export async function withdrawFeature(_ctx: FeatureContext): Promise<FeatureRoutes> {
  return {};
}
