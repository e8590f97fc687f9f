import {
  protectionAcknowledgeResponse,
  protectionExclusionPayload,
  protectionLimitsConfirmPayload,
  protectionLimitsPayload,
  protectionRealityCheckPayload,
  protectionResponse,
  protectionReturnPayload,
  protectionSessionResponse,
  protectionTimeoutPayload,
} from '@wallet/contract/protection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerOf } from '../../http/auth.ts';
import type { Protection } from './protection.service.ts';

const BASE = '/api/account/protection';

/** The player's protection tools (issue 20): the API the "Play safe" screen and a future mobile app use. */
export const protectionRoutes: FastifyPluginAsyncZod<{ protection: Protection }> = async (app, { protection }) => {
  const answer = { response: { 200: protectionResponse } };
  app.get(BASE, { schema: answer }, async (request) => ({ protection: await protection.view(playerOf(request).id) }));
  app.put(`${BASE}/limits`, { schema: { body: protectionLimitsPayload, ...answer } }, async (request) => ({
    protection: await protection.setLimits(playerOf(request).id, request.body),
  }));
  app.post(
    `${BASE}/limits/confirm`,
    { schema: { body: protectionLimitsConfirmPayload, ...answer } },
    async (request) => ({
      protection: await protection.confirmLimit(playerOf(request).id, request.body.period),
    }),
  );
  app.post(`${BASE}/timeout`, { schema: { body: protectionTimeoutPayload, ...answer } }, async (request) => ({
    protection: await protection.startTimeout(playerOf(request).id, request.body.days),
  }));
  app.post(`${BASE}/exclusion`, { schema: { body: protectionExclusionPayload, ...answer } }, async (request) => ({
    protection: await protection.startExclusion(playerOf(request).id, request.body.months),
  }));
  app.post(`${BASE}/return`, { schema: { body: protectionReturnPayload, ...answer } }, async (request) => ({
    protection: await protection.requestReturn(playerOf(request).id),
  }));
  app.put(`${BASE}/reality-check`, { schema: { body: protectionRealityCheckPayload, ...answer } }, async (request) => ({
    protection: await protection.setRealityCheck(playerOf(request).id, request.body.minutes),
  }));
  app.get(`${BASE}/session`, { schema: { response: { 200: protectionSessionResponse } } }, async (request) => {
    const player = playerOf(request);
    return protection.session(player.id, player.tokenHash);
  });
  app.post(
    `${BASE}/session/acknowledge`,
    { schema: { response: { 200: protectionAcknowledgeResponse } } },
    async (request) => {
      const player = playerOf(request);
      await protection.acknowledge(player.id, player.tokenHash);
      return { message: 'OK' };
    },
  );
};
