import type { FeatureContext, FeatureRoutes } from '../feature.ts';

/** Gift-link deposits, decrypted with the server's RSA-OAEP key. */
export async function giftLinkFeature(_ctx: FeatureContext): Promise<FeatureRoutes> {
  return {};
}
