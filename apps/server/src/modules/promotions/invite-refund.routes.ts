import { bannersResponse } from '@wallet/contract/banner';
import { inviteBonusQuery, inviteBonusResponse, inviteListRequest, inviteListResponse } from '@wallet/contract/invite';
import { lookupLanguageQuery } from '@wallet/contract/lookup';
import {
  refundAddWalletResponse,
  refundCheckResponse,
  refundListRequest,
  refundListResponse,
  refundReceiveResponse,
} from '@wallet/contract/refund';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentLanguage } from '../../db/content-settings.ts';
import type { PlayerRestrictions } from '../../events/player-restrictions.ts';
import { playerOf } from '../../http/auth.ts';
import type { InviteRefundService } from './invite-refund.service.ts';

/** SPEC §7 Invite and refund, behind the bearer-token check. */
export const inviteRefundRoutes: FastifyPluginAsyncZod<{
  programmes: InviteRefundService;
  /** Player protection: no marketing banners for a timed-out or excluded player. */
  restrictions: PlayerRestrictions;
}> = async (app, { programmes, restrictions }) => {
  const marketingShown = (request: FastifyRequest) => restrictions.allows(playerOf(request).id, 'banners');
  app.post(
    '/api/invite',
    { schema: { body: inviteListRequest, response: { 200: inviteListResponse } } },
    async (request) => programmes.listInvites(playerOf(request).id, request.body.page, request.body.limit),
  );
  app.get(
    '/api/invite/bonus',
    { schema: { querystring: inviteBonusQuery, response: { 200: inviteBonusResponse } } },
    async (request) => programmes.inviteBonus(playerOf(request).id, request.query.claim),
  );
  app.get(
    '/api/invite/banners',
    { schema: { querystring: lookupLanguageQuery, response: { 200: bannersResponse } } },
    async (request) =>
      (await marketingShown(request)) ? programmes.inviteBanners(contentLanguage(request.query.lang)) : [],
  );

  app.post(
    '/api/refund',
    { schema: { body: refundListRequest, response: { 200: refundListResponse } } },
    async (request) => programmes.listRefunds(playerOf(request).id, request.body.page, request.body.limit),
  );
  app.get(
    '/api/refund/check',
    { schema: { querystring: lookupLanguageQuery, response: { 200: refundCheckResponse } } },
    async (request) => programmes.checkRefund(playerOf(request).id, contentLanguage(request.query.lang)),
  );
  app.get('/api/refund/receive', { schema: { response: { 200: refundReceiveResponse } } }, async (request) =>
    programmes.receiveRefund(playerOf(request).id),
  );
  // SPEC lists both; the refund always lands in the wallet as a bonus, so both claim it. The app calls
  // /receive only (docs/spec-calls.md).
  app.get('/api/refund/addWallet', { schema: { response: { 200: refundAddWalletResponse } } }, async (request) =>
    programmes.receiveRefund(playerOf(request).id),
  );
  app.get(
    '/api/refund/banners',
    { schema: { querystring: lookupLanguageQuery, response: { 200: bannersResponse } } },
    async (request) =>
      (await marketingShown(request)) ? programmes.refundBanners(contentLanguage(request.query.lang)) : [],
  );
};
