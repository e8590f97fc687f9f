import {
  bonusActivateResponse,
  bonusCheckActiveResponse,
  bonusCheckMinimumResponse,
  bonusClearResponse,
  bonusCodeParams,
  bonusListResponse,
  bonusProgressResponse,
} from '@wallet/contract/bonus';
import { lookupLanguageQuery } from '@wallet/contract/lookup';
import {
  promotionActivateResponse,
  promotionCodeParams,
  promotionCurrentResponse,
  promotionFindResponse,
} from '@wallet/contract/promotion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../db/content-settings.ts';
import { playerOf } from '../../http/auth.ts';
import type { PromotionsService } from './promotions.service.ts';

/**
 * SPEC §7 Bonus and promotion, behind the bearer-token check. Texts (names, notices, banners,
 * descriptions) come in the language of `?lang=th|lo|en`, Thai otherwise, as the lookups do.
 * Activation is a GET as SPEC has it; a repeat cannot credit twice: the first makes the bonus active
 * and a second answers BONUS_ALREADY_ACTIVE.
 */
export const promotionsRoutes: FastifyPluginAsyncZod<{ promotions: PromotionsService }> = async (
  app,
  { promotions },
) => {
  app.get(
    '/api/bonus',
    { schema: { querystring: lookupLanguageQuery, response: { 200: bonusListResponse } } },
    async (request) => promotions.listBonuses(playerOf(request).id, contentLanguage(request.query.lang)),
  );
  app.get(
    '/api/bonus/activate/:code',
    { schema: { params: bonusCodeParams, response: { 200: bonusActivateResponse } } },
    async (request) => promotions.activateBonus(playerOf(request).id, request.params.code),
  );
  app.get(
    '/api/bonus/check/active',
    { schema: { querystring: lookupLanguageQuery, response: { 200: bonusCheckActiveResponse } } },
    async (request) => promotions.checkActive(playerOf(request).id, contentLanguage(request.query.lang)),
  );
  app.get('/api/bonus/check/minimum', { schema: { response: { 200: bonusCheckMinimumResponse } } }, async (request) =>
    promotions.checkMinimum(playerOf(request).id),
  );
  app.get('/api/bonus/progress', { schema: { response: { 200: bonusProgressResponse } } }, async (request) =>
    promotions.progress(playerOf(request).id),
  );
  app.get('/api/bonus/clear', { schema: { response: { 200: bonusClearResponse } } }, async (request) =>
    promotions.clear(playerOf(request).id),
  );

  app.get(
    '/api/promotion/current',
    { schema: { querystring: lookupLanguageQuery, response: { 200: promotionCurrentResponse } } },
    async (request) => promotions.currentPromotion(playerOf(request).id, contentLanguage(request.query.lang)),
  );
  app.get(
    '/api/promotion/find/:code',
    {
      schema: {
        params: promotionCodeParams,
        querystring: lookupLanguageQuery,
        response: { 200: promotionFindResponse },
      },
    },
    async (request) => promotions.findPromotion(request.params.code, contentLanguage(request.query.lang)),
  );
  app.get(
    '/api/promotion/activate/:code',
    { schema: { params: promotionCodeParams, response: { 200: promotionActivateResponse } } },
    async (request) => promotions.activatePromotion(playerOf(request).id, request.params.code),
  );
};
