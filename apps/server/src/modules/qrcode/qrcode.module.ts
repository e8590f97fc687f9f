import type { FeatureContext, FeatureRoutes } from '../feature.ts';

/** QR gateway deposits (KBANK, WW, PAYTIMZ, PAYONEX, ZPAY). */
export async function qrcodeFeature(_ctx: FeatureContext): Promise<FeatureRoutes> {
  return {};
}
