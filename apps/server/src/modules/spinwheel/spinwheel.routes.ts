import {
  couponClaimPayload,
  couponClaimResponse,
  couponListResponse,
  type SpinResponse,
  spinActiveResponse,
  spinLanguageQuery,
  spinResponse,
  spinSetupResponse,
} from '@wallet/contract/spinwheel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../db/content-settings.ts';
import { playerOf } from '../../http/auth.ts';
import type { Idempotency, KeyedTransactions } from '../../http/idempotency.ts';
import type { SpinwheelService } from './spinwheel.service.ts';

/**
 * SPEC §7 Spin wheel, behind the bearer-token check. Texts come in the language of `?lang=th|lo|en`
 * (Thai otherwise). A spin runs at most once per Idempotency-Key (DESIGN §3): a repeat gets the first
 * answer and spends nothing. Refusals the player sees (no coin, no wheel, a coupon that cannot be
 * claimed) answer 200 {success: false, error: CODE}, as SPEC's client expects.
 */
export const spinwheelRoutes: FastifyPluginAsyncZod<{ spinwheel: SpinwheelService; idempotency: Idempotency }> = async (
  app,
  { spinwheel, idempotency },
) => {
  app.get('/api/spinwheel/active', { schema: { response: { 200: spinActiveResponse } } }, async () =>
    spinwheel.active(),
  );
  app.get(
    '/api/spinwheel/setup',
    { schema: { querystring: spinLanguageQuery, response: { 200: spinSetupResponse } } },
    async (request) => spinwheel.setup(playerOf(request).id, contentLanguage(request.query.lang)),
  );
  app.post(
    '/api/spinwheel/spin',
    { schema: { querystring: spinLanguageQuery, response: { 200: spinResponse } } },
    async (request, reply) => {
      const player = playerOf(request).id;
      const language = contentLanguage(request.query.lang);
      // Nothing changes before the spin's one transaction, which then claims the key as well.
      return idempotency.onceClaimingInWork(request, reply, (tx: KeyedTransactions<SpinResponse>) =>
        spinwheel.spin(player, language, tx),
      );
    },
  );
  app.get(
    '/api/spinwheel/coupon',
    { schema: { querystring: spinLanguageQuery, response: { 200: couponListResponse } } },
    async (request) => spinwheel.coupons(playerOf(request).id, contentLanguage(request.query.lang)),
  );
  app.post(
    '/api/spinwheel/coupon/claim',
    { schema: { querystring: spinLanguageQuery, body: couponClaimPayload, response: { 200: couponClaimResponse } } },
    async (request) => spinwheel.claim(playerOf(request).id, request.body.coupon, contentLanguage(request.query.lang)),
  );
};
