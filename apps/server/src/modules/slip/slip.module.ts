import type { FeatureContext, FeatureRoutes } from '../feature.ts';

/** Transfer slip uploads, verification and the slip list. */
export async function slipFeature(_ctx: FeatureContext): Promise<FeatureRoutes> {
  return {};
}
