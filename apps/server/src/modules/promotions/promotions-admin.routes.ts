import {
  bonusTypeCreatePayload,
  bonusTypeListResponse,
  bonusTypeResponse,
  bonusTypeUpdatePayload,
  inviteSettings,
  inviteSettingsPayload,
  promotionCodeCreatePayload,
  promotionCodeListResponse,
  promotionCodeParams,
  promotionCodeResponse,
  promotionCodeUpdatePayload,
  promotionImageResponse,
  promotionReportQuery,
  promotionReportResponse,
  refundSettings,
  refundSettingsPayload,
} from '@wallet/contract/backoffice/promotions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptImageUploads, readImageUpload } from '../../http/image-upload.ts';
import { operatorOf } from '../../http/operator-auth.ts';
import type { PromotionsActor, PromotionsAdmin } from './promotions-admin.service.ts';

const BASE = '/api/backoffice/promotions';

function actorOf(request: FastifyRequest): PromotionsActor {
  const operator = operatorOf(request);
  return {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    ip: request.ip,
    requestId: request.id,
  };
}

/**
 * The back office's promotions. Each route's permission is declared in the contract (BACKOFFICE_ROUTES):
 * marketing and the owner change, the auditor reads, finance reads the cost report.
 */
export const promotionsAdminRoutes: FastifyPluginAsyncZod<{ admin: PromotionsAdmin }> = async (app, { admin }) => {
  // Only the banner image upload takes multipart, through the same reader as the home banners'.
  await acceptImageUploads(app);

  app.get(`${BASE}/bonuses`, { schema: { response: { 200: bonusTypeListResponse } } }, async () => admin.listBonuses());
  app.post(
    `${BASE}/bonuses`,
    { schema: { body: bonusTypeCreatePayload, response: { 200: bonusTypeResponse } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.createBonus(actorOf(request), input, reason);
    },
  );
  app.put(
    `${BASE}/bonuses/:code`,
    { schema: { params: promotionCodeParams, body: bonusTypeUpdatePayload, response: { 200: bonusTypeResponse } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.updateBonus(actorOf(request), request.params.code, input, reason);
    },
  );

  app.get(`${BASE}/codes`, { schema: { response: { 200: promotionCodeListResponse } } }, async () =>
    admin.listPromotions(),
  );
  app.post(
    `${BASE}/codes`,
    { schema: { body: promotionCodeCreatePayload, response: { 200: promotionCodeResponse } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.createPromotion(actorOf(request), input, reason);
    },
  );
  app.put(
    `${BASE}/codes/:code`,
    {
      schema: {
        params: promotionCodeParams,
        body: promotionCodeUpdatePayload,
        response: { 200: promotionCodeResponse },
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.updatePromotion(actorOf(request), request.params.code, input, reason);
    },
  );

  app.get(`${BASE}/invite`, { schema: { response: { 200: inviteSettings } } }, async () => admin.inviteSettings());
  app.put(
    `${BASE}/invite`,
    { schema: { body: inviteSettingsPayload, response: { 200: inviteSettings } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.saveInvite(actorOf(request), input, reason);
    },
  );
  app.get(`${BASE}/refund`, { schema: { response: { 200: refundSettings } } }, async () => admin.refundSettings());
  app.put(
    `${BASE}/refund`,
    { schema: { body: refundSettingsPayload, response: { 200: refundSettings } } },
    async (request) => {
      const { reason, ...input } = request.body;
      return admin.saveRefund(actorOf(request), input, reason);
    },
  );

  app.post(`${BASE}/images`, { schema: { response: { 200: promotionImageResponse } } }, async (request) => {
    const { image } = await readImageUpload(app, request);
    return admin.uploadImage(actorOf(request), image);
  });

  app.get(
    `${BASE}/report`,
    { schema: { querystring: promotionReportQuery, response: { 200: promotionReportResponse } } },
    async (request) => admin.report(request.query),
  );
};
